import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeleteDocumentsResponse, DocumentList } from '@trove/contract';
import { albumClient, expectStatus } from '../../test/albums.ts';
import { DIALECTS, createTestApp, signUp, timelineOf, uploadFile, type TestApp } from '../../test/harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Documents (spec 000 §2 /documents, §7; issue #14): listed apart, served as attachments, deleted to the trash. */
describe.each(DIALECTS)('documents (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only documents, newest upload first, and deletes them to the trash', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const photo = await c.uploaded(user, timeline, 'photo.jpg');
    const first = await uploadFile(t.app, user, timeline, { path: 'Docs/receipt.pdf', content: PDF });
    expect(first.statusCode).toBe(200);
    t.clock.advance(1000);
    const second = await uploadFile(t.app, user, timeline, {
      path: 'Docs/notes.txt',
      content: Buffer.from('hello'),
    });
    const ids = [first, second].map((r) => r.json<{ uuid: string }>().uuid);
    const list = await c.send(user, 'GET', `/jobs/${timeline}/documents`);
    expect(list.statusCode).toBe(200);
    const files = list.json<DocumentList>().files;
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['notes.txt', 'Documents'],
      ['receipt.pdf', 'Documents'],
    ]);
    // A document is always an attachment, never rendered as a page of ours.
    const served = await t.app.inject({ method: 'GET', url: files[1]?.file_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="receipt.pdf"/);

    const r = await c.send(user, 'POST', `/jobs/${timeline}/delete_documents`, {
      payload: { file_ids: [ids[1], photo, 'missing'] },
    });
    expect(r.statusCode).toBe(200);
    // The photo is no document: it stays where it is.
    expect(r.json<DeleteDocumentsResponse>()).toEqual({ deleted: [ids[1]] });
    expect(
      (await c.send(user, 'GET', `/jobs/${timeline}/documents`)).json<DocumentList>().files.map((f) => f.id),
    ).toEqual([ids[0]]);
    expect((await c.files(user, timeline, '?filter=all')).map((f) => f.id)).toEqual([photo]);
    const trash = await c.send(user, 'GET', '/trash_can?offset=0&limit=10');
    expect(trash.json<{ files: { id: string }[] }>().files.map((f) => f.id)).toEqual([ids[1]]);
  });

  it("answers 404 for another user's documents", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const doc = (await uploadFile(t.app, owner, timeline, { path: 'x.pdf', content: PDF })).json<{
      uuid: string;
    }>().uuid;
    expectStatus(await c.send(stranger, 'GET', `/jobs/${timeline}/documents`), 404, 'not_found');
    expectStatus(
      await c.send(stranger, 'POST', `/jobs/${timeline}/delete_documents`, { payload: { file_ids: [doc] } }),
      404,
      'not_found',
    );
    expect(
      (await c.send(owner, 'GET', `/jobs/${timeline}/documents`)).json<DocumentList>().files,
    ).toHaveLength(1);
  });
});
