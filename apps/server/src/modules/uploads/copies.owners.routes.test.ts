import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyResults, JobInfo } from '@trove/contract';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * Whose a copy is (issue #23, [Note: Copies]): copy_files of another user's photo into the
 * caller's album becomes the caller's bytes and storage, as copy_to_timeline does, so the
 * uploader's deletion for good frees theirs; a copy keeps its uploader apart from its adder,
 * and where the photo was taken is the uploader's alone.
 */
describe.each(DIALECTS)('copies and their owners (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const timelineOf = async (s: Session) => (await c.send(s, 'GET', '/jobs/default')).json<JobInfo>().id;
  const copyFiles = (s: Session, target: string, source: string, ids: string[]) =>
    c.send(s, 'POST', `/jobs/${target}/copy_files`, { payload: { source_job: source, file_uuids: ids } });
  const newId = (r: LightMyRequestResponse) => r.json<CopyResults>().results[0]?.new_uuid ?? '';
  const row = (id: string) =>
    t.database.db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select(['files.added_by', 'files.uploaded_by', 'files.metadata', 'blobs.owner_id'])
      .where('files.id', '=', id)
      .executeTakeFirstOrThrow();

  /** Ann's shared album with one photo of hers in it, Bo a participant with an album of his own. */
  async function setUp(size: number) {
    const owner = await signUp(t.app, { name: 'Ann' });
    const member = await signUp(t.app, { name: 'Bo' });
    const album = (await c.createShared(owner, 'Trip')).id;
    expectStatus(await c.subscribe(member, album), 200);
    const photo = await c.uploaded(owner, album, 'hers.jpg', size);
    const mine = (await c.create(member, { name: 'Mine' })).id;
    return { owner, member, album, photo, mine };
  }

  it("copy_files of another user's photo into the caller's album is the caller's, charged to them", async () => {
    const { owner, member, album, photo, mine } = await setUp(6100);
    await c.uploaded(owner, album, 'stays.jpg', 6200);
    const ownerBefore = (await c.account(owner)).used_space;
    const memberBefore = (await c.account(member)).used_space;
    const copied = await copyFiles(member, mine, album, [photo]);
    expectStatus(copied, 200);
    const copy = newId(copied);
    expect(await row(copy)).toMatchObject({ added_by: member.userId, owner_id: member.userId });
    expect((await c.account(member)).used_space).toBe(memberBefore + 6100);
    expect((await c.account(owner)).used_space).toBe(ownerBefore);
    // Ann deletes hers for good: her bytes and charge go; Bo keeps his copy.
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}/files_by_id/${photo}`), 200);
    expectStatus(await c.send(owner, 'POST', '/empty_trash_can', { payload: { fileid: photo } }), 200);
    expect((await c.account(owner)).used_space).toBe(ownerBefore - 6100);
    const [kept] = await c.files(member, mine);
    expect(kept?.id).toBe(copy);
    expectStatus(await t.app.inject({ url: kept?.file_url ?? '' }), 200);
  });

  it('copy_files that does not fit the caller’s storage is 413 quota_exceeded, and adds nothing', async () => {
    const { member, album, photo, mine } = await setUp(8000);
    const used = (await c.account(member)).used_space;
    await t.database.db
      .updateTable('users')
      .set({ max_space: used + 1000 })
      .where('id', '=', member.userId)
      .execute();
    expectStatus(await copyFiles(member, mine, album, [photo]), 413, 'quota_exceeded');
    expect(await c.files(member, mine)).toEqual([]);
    expect((await c.account(member)).used_space).toBe(used);
  });

  it('keeps a copy’s uploader, and its position only for the uploader', async () => {
    const { owner, member, album, photo, mine } = await setUp(6300);
    // The media worker's findings, position included (it writes them to every file of a blob).
    const metadata = JSON.stringify({ model: 'X100', latitude: 59.91, longitude: 10.75 });
    await t.database.db
      .updateTable('files')
      .set({ metadata, media_status: 'ready' })
      .where('id', '=', photo)
      .execute();
    const toTimeline = await c.send(member, 'POST', `/jobs/${album}/copy_to_timeline`, {
      payload: { file_uuids: [photo] },
    });
    const intoAlbum = await copyFiles(member, mine, album, [photo]);
    const ownCopy = await copyFiles(owner, (await c.create(owner, { name: 'Hers' })).id, album, [photo]);
    for (const copy of [newId(toTimeline), newId(intoAlbum)]) {
      const stored = await row(copy);
      expect(stored).toMatchObject({ added_by: member.userId, uploaded_by: owner.userId });
      expect(JSON.parse(stored.metadata ?? '{}')).toEqual({ model: 'X100' });
    }
    // The uploader's own copy keeps where it was taken.
    expect(JSON.parse((await row(newId(ownCopy))).metadata ?? '{}')).toMatchObject({ latitude: 59.91 });
    // Even where the worker later writes the position to a copy, only the uploader sees it.
    const copy = newId(toTimeline);
    await t.database.db.updateTable('files').set({ metadata }).where('id', '=', copy).execute();
    const timeline = await timelineOf(member);
    expect((await c.send(member, 'GET', `/jobs/${timeline}/metadata/${copy}`)).json()).toEqual({
      model: 'X100',
    });
    const own = await c.send(owner, 'GET', `/jobs/${album}/metadata/${photo}`);
    expect(own.json()).toMatchObject({ latitude: 59.91, longitude: 10.75 });
    // The wire still names who added the copy.
    expect((await c.files(member, timeline)).map((f) => f.user_uuid)).toEqual([member.userId]);
  });
});
