import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyResults, JobInfo } from '@trove/contract';
import { createRepositories, createTransact } from '../repositories.ts';
import { createFsckRepository } from '../../fsck/fsck.repository.ts';
import { runFsck } from '../../fsck/fsck.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * Copies between jobs ([Note: Copies]): copy_to_timeline and keep-files of someone else's
 * file make it the caller's own, charged to them; copy_files puts files in an album without
 * charging anybody; each allowed and denied.
 */
describe.each(DIALECTS)('copies (%s)', (dialect) => {
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
  const copyToTimeline = (s: Session, jobId: string, ids: string[]) =>
    c.send(s, 'POST', `/jobs/${jobId}/copy_to_timeline`, { payload: { file_uuids: ids } });
  const results = (response: LightMyRequestResponse) => response.json<CopyResults>().results;

  it("copying a participant's file to the own timeline makes it the caller's, charged once", async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Shared');
    await c.subscribe(member, album.id);
    const theirs = await c.uploaded(member, album.id, 'theirs.jpg', 6000);
    const ownerBefore = (await c.account(owner)).used_space;
    const memberBefore = (await c.account(member)).used_space;

    const first = await copyToTimeline(owner, album.id, [theirs, 'no-such-file']);
    expect(first.statusCode).toBe(200);
    const [ok, missing] = results(first);
    expect(ok).toMatchObject({ file_uuid: theirs, status: 'ok' });
    expect(ok?.timeline_uuid).toBe(ok?.new_uuid);
    expect(missing).toMatchObject({ status: 'error', error_reason: 'file_not_found' });
    expect((await c.account(owner)).used_space).toBe(ownerBefore + 6000);
    expect((await c.account(member)).used_space).toBe(memberBefore);
    const timeline = await c.files(owner, await timelineOf(owner));
    expect(timeline).toMatchObject([{ id: ok?.timeline_uuid, user_uuid: owner.userId }]);
    // The bytes are the same stored bytes, now also named by the caller's own blob.
    expect((await t.app.inject({ url: timeline[0]?.file_url ?? '' })).statusCode).toBe(200);
    const blobs = await t.database.db.selectFrom('blobs').select(['owner_id', 'store_key']).execute();
    const keys = blobs.filter((b) => b.owner_id === owner.userId || b.owner_id === member.userId);
    expect(keys).toHaveLength(2);
    expect(keys[0]?.store_key).toBe(keys[1]?.store_key);

    // Again: the same file, no second charge.
    const again = await copyToTimeline(owner, album.id, [theirs]);
    expect(results(again)[0]?.timeline_uuid).toBe(ok?.timeline_uuid);
    expect((await c.account(owner)).used_space).toBe(ownerBefore + 6000);

    // fsck keeps bytes that any blob row names, even with nothing young about them.
    const fsck = await runFsck(
      {
        fsck: createFsckRepository(t.database.db),
        repos: createRepositories(t.database.db),
        store: createFsBlobStore(t.config.DATA_DIR),
        transact: createTransact(t.database.db),
      },
      { graceMs: 0, now: () => Date.now() + 60_000 },
    );
    expect(fsck.orphansRemoved).not.toContain(keys[0]?.store_key);
    expect(fsck.missingBlobs).toEqual([]);
    expect((await t.app.inject({ url: timeline[0]?.file_url ?? '' })).statusCode).toBe(200);
  });

  it('a copy that does not fit the caller’s storage is 413 quota_exceeded, and adds nothing', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Big');
    await c.subscribe(member, album.id);
    const big = await c.uploaded(owner, album.id, 'big.jpg', 8000);
    const used = (await c.account(member)).used_space;
    await t.database.db
      .updateTable('users')
      .set({ max_space: used + 1000 })
      .where('id', '=', member.userId)
      .execute();
    expectStatus(await copyToTimeline(member, album.id, [big]), 413, 'quota_exceeded');
    expect(await c.files(member, await timelineOf(member))).toEqual([]);
    expect((await c.account(member)).used_space).toBe(used);
  });

  it('copy_to_timeline and keep-files deny callers without the right', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const album = await c.create(owner, { name: 'Private' });
    const file = await c.uploaded(owner, album.id, 'p.jpg');
    expectStatus(await copyToTimeline(owner, album.id, []), 400);
    const missing = await copyToTimeline(other, 'no-such-job', [file]);
    const foreign = await copyToTimeline(other, album.id, [file]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const text = { headers: { 'content-type': 'text/plain' }, payload: file };
    expectStatus(await c.send(other, 'POST', `/jobs/${album.id}/keep-files`, text), 404);
    expectStatus(await c.send(other, 'POST', `/jobs/${album.id}/keep-all-files`), 404);
    expectStatus(await c.send({ visitor: true }, 'POST', `/jobs/${album.id}/keep-all-files`), 401);
    expectStatus(await c.send({ visitor: true }, 'POST', `/jobs/${album.id}/keep-files`, text), 401);
    expect(await c.files(other, await timelineOf(other))).toEqual([]);
  });

  it('keep-files (plain text ids) and keep-all-files copy a shared album into a visitor’s timeline', async () => {
    const owner = await signUp(t.app);
    const visitor = await signUp(t.app);
    const album = await c.createShared(owner, 'Keep');
    const a = await c.uploaded(owner, album.id, 'a.jpg', 4000);
    const b = await c.uploaded(owner, album.id, 'b.jpg', 4001);
    const kept = await c.send(visitor, 'POST', `/jobs/${album.id}/keep-files`, {
      headers: { 'content-type': 'text/plain' },
      payload: `${a}\n\n  no-such-file\n`,
    });
    expect(results(kept).map((r) => r.status)).toEqual(['ok', 'error']);
    expectStatus(
      await c.send(visitor, 'POST', `/jobs/${album.id}/keep-files`, { payload: { file_uuids: [a] } }),
      400,
    );
    expectStatus(
      await c.send(visitor, 'POST', `/jobs/${album.id}/keep-files`, {
        headers: { 'content-type': 'text/plain' },
        payload: '\n\n',
      }),
      400,
    );
    const all = await c.send(visitor, 'POST', `/jobs/${album.id}/keep-all-files`);
    // Same upload time here: the order is by id then.
    expect(results(all).map((r) => [r.file_uuid, r.status])).toEqual([a, b].sort().map((id) => [id, 'ok']));
    expect(results(all).find((r) => r.file_uuid === a)?.new_uuid).toBe(results(kept)[0]?.new_uuid);
    expect(await c.files(visitor, await timelineOf(visitor))).toHaveLength(2);
    expect((await c.account(visitor)).used_space).toBe(8001);
  });

  it('copy_files puts files of a readable job into an album, naming the same blob, charging nobody', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const stranger = await signUp(t.app);
    const album = await c.createShared(owner, 'Gathered');
    await c.subscribe(member, album.id);
    const ownerTimeline = await timelineOf(owner);
    const photo = await c.uploaded(owner, ownerTimeline, 'mine.jpg', 5000);
    const used = (await c.account(owner)).used_space;
    const copy = (s: Session, target: string, source: string, ids: string[]) =>
      c.send(s, 'POST', `/jobs/${target}/copy_files`, { payload: { source_job: source, file_uuids: ids } });

    const copied = await copy(owner, album.id, ownerTimeline, [photo]);
    const [ok] = results(copied);
    expect(ok).toMatchObject({ file_uuid: photo, status: 'ok' });
    expect(ok?.timeline_uuid).toBeUndefined();
    expect((await c.account(owner)).used_space).toBe(used);
    expect(await c.files(owner, album.id)).toMatchObject([{ id: ok?.new_uuid, user_uuid: owner.userId }]);
    const again = await copy(owner, album.id, ownerTimeline, [photo]);
    expect(results(again)[0]?.new_uuid).toBe(ok?.new_uuid);
    const rows = await t.database.db
      .selectFrom('files')
      .select('blob_id')
      .where('id', 'in', [photo, ok?.new_uuid ?? ''])
      .execute();
    expect(new Set(rows.map((r) => r.blob_id)).size).toBe(1);

    // A participant adds from their own timeline while uploads are allowed.
    const memberTimeline = await timelineOf(member);
    const theirs = await c.uploaded(member, memberTimeline, 'theirs.jpg', 5001);
    expect(results(await copy(member, album.id, memberTimeline, [theirs]))[0]?.status).toBe('ok');
    await c.send(owner, 'POST', `/jobs/${album.id}/permissions`, { payload: { allow_uploads: 0 } });
    expectStatus(await copy(member, album.id, memberTimeline, [theirs]), 404);

    // Nobody copies from a job they cannot read, or into one they cannot add to.
    expectStatus(await copy(stranger, album.id, ownerTimeline, [photo]), 404);
    const strangerAlbum = await c.create(stranger, { name: 'Theirs' });
    expectStatus(await copy(stranger, strangerAlbum.id, ownerTimeline, [photo]), 404);
    expectStatus(await copy(owner, strangerAlbum.id, ownerTimeline, [photo]), 404);
    // Into the caller's own timeline it is copy_to_timeline: the album's file is there already.
    const back = await copy(owner, ownerTimeline, album.id, [ok?.new_uuid ?? '']);
    expectStatus(back, 200);
    expect(back.json<CopyResults>().results[0]).toMatchObject({ status: 'ok', new_uuid: photo });
    expectStatus(
      await c.send({ visitor: true }, 'POST', `/jobs/${album.id}/copy_files`, { payload: {} }),
      401,
    );
  });
});
