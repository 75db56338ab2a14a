import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeleteAlbumsResponse,
  MultiRollbackResponse,
  RollbackAlbumsResponse,
  TrashAlbums,
} from '@trove/contract';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import { markThumbnailReady } from './trash.test-support.ts';

/**
 * Deleted albums in the trash (issue #13, spec 000 §3 Deleted album, §7 trash_can_albums,
 * rollback_albums, delete_albums_from_trash_can): listed for their owner only, restored with
 * their files and memberships so participants see them again, deleted for good with their
 * bytes; restores refused while the account is over its quota. Each call allowed and denied.
 */
describe.each(DIALECTS)('the trash of albums (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { BASE_QUOTA_BYTES: '50000' } });
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (who: Who) => {
    const r = await c.send(who, 'GET', '/trash_can_albums');
    if (r.statusCode !== 200) throw new Error(`list: ${String(r.statusCode)} ${r.body}`);
    return r.json<TrashAlbums>().items;
  };
  const restore = async (who: Who, ids: string[]) => {
    const r = await c.send(who, 'POST', '/rollback_albums', { payload: { job_uuids: ids } });
    if (r.statusCode !== 200) throw new Error(`restore: ${String(r.statusCode)} ${r.body}`);
    return r.json<RollbackAlbumsResponse>();
  };
  const purge = async (who: Who, ids: string[]) => {
    const r = await c.send(who, 'DELETE', '/delete_albums_from_trash_can', { payload: { job_uuids: ids } });
    if (r.statusCode !== 200) throw new Error(`delete: ${String(r.statusCode)} ${r.body}`);
    return r.json<DeleteAlbumsResponse>();
  };
  const deleteAlbum = async (s: Session, id: string) => {
    expect((await c.send(s, 'DELETE', `/jobs/${id}`)).statusCode).toBe(200);
  };

  /** A shared album of `owner` with two photos, which `participant` joined. */
  async function sharedAlbum(owner: Session, participant: Session) {
    const album = await c.createShared(owner, 'Cabin');
    const first = await c.uploaded(owner, album.id, 'first.jpg', 3000, 1_700_000_000);
    const second = await c.uploaded(owner, album.id, 'second.jpg', 2000, 1_700_000_100);
    expect((await c.subscribe(participant, album.id)).statusCode).toBe(200);
    return { id: album.id, first, second };
  }

  it('lists a deleted album to its owner only, with its count, deletion time and cover', async () => {
    const owner = await signUp(t.app);
    const participant = await signUp(t.app);
    const album = await sharedAlbum(owner, participant);
    await markThumbnailReady(t, album.second);
    const before = await listed(owner);
    expect(before).toEqual([]);
    t.clock.advance(5000);
    await deleteAlbum(owner, album.id);
    const [item, ...rest] = await listed(owner);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: album.id,
      name: 'Cabin',
      media_count: 2,
      dtime: Math.floor(t.clock.now() / 1000),
      // No cover was set: the newest photo stands for the album.
      cover_id: album.second,
    });
    const cover = item?.cover_thumb_url ?? '';
    expect(cover).toContain('trashed=1');
    expect((await t.app.inject({ url: cover })).statusCode).toBe(200);
    // Not the participant's trash, nor a stranger's; a caller without a token is refused.
    expect(await listed(participant)).toEqual([]);
    expect(await listed(await signUp(t.app))).toEqual([]);
    expect((await c.send({ visitor: true }, 'GET', '/trash_can_albums')).statusCode).toBe(401);
    // Once restored, the trashed variant of the cover serves nothing.
    expect(await restore(owner, [album.id])).toEqual({ success: [{ uuid: album.id }] });
    expect((await t.app.inject({ url: cover })).statusCode).toBe(404);
  });

  it('restores an album with its files and members: the participant sees it again, with change records', async () => {
    const owner = await signUp(t.app);
    const participant = await signUp(t.app);
    const stranger = await signUp(t.app);
    const album = await sharedAlbum(owner, participant);
    const earlier = await c.uploaded(owner, album.id, 'earlier.jpg', 1000);
    // Trashed before the album was deleted: it stays in the trash after the restore.
    expect((await c.send(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${earlier}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    await deleteAlbum(owner, album.id);
    expectStatus(await c.info(participant, album.id), 403, 'secured_job');

    // Denied: the participant, a stranger, a visitor; each answered as a missing id is.
    expect(await restore(participant, [album.id])).toEqual({ success: [] });
    expect(await restore(stranger, [album.id])).toEqual({ success: [] });
    expect(
      (await c.send({ visitor: true }, 'POST', '/rollback_albums', { payload: { job_uuids: [album.id] } }))
        .statusCode,
    ).toBe(401);
    expectStatus(await c.info(owner, album.id), 403, 'secured_job');

    expect(await restore(owner, [album.id, album.id, crypto.randomUUID()])).toEqual({
      success: [{ uuid: album.id }],
    });
    const info = await c.infoOf(participant, album.id);
    expect(info.id).toBe(album.id);
    expect((await c.files(participant, album.id)).map((f) => f.id).sort()).toEqual(
      [album.first, album.second].sort(),
    );
    const changes = await c.changes(participant, album.id);
    expect(changes.at(-1)).toMatchObject({ type: 11, data: { event: 'restored' } });
    // The file trashed before the album went stays in the trash.
    const trash = (await c.send(owner, 'GET', '/trash_can')).json<{ files: { id: string }[] }>();
    expect(trash.files.map((f) => f.id)).toEqual([earlier]);
    // A second restore restores nothing.
    expect(await restore(owner, [album.id])).toEqual({ success: [] });
  });

  it('brings back the last file whose removal deleted the album', async () => {
    const owner = await signUp(t.app);
    const album = await c.create(owner, { name: 'One' });
    const only = await c.uploaded(owner, album.id, 'only.jpg', 1000);
    expect((await c.send(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${only}`)).statusCode).toBe(200);
    expectStatus(await c.info(owner, album.id), 403, 'secured_job');
    expect((await listed(owner)).map((a) => [a.id, a.media_count])).toEqual([[album.id, 1]]);
    expect(await restore(owner, [album.id])).toEqual({ success: [{ uuid: album.id }] });
    expect((await c.files(owner, album.id)).map((f) => f.id)).toEqual([only]);
    const added = (await c.changes(owner, album.id)).filter((ch) => ch.type === 0);
    expect(added.at(-1)?.data).toMatchObject({ id: only, is_rollback: true });
  });

  it('deletes an album for good: its rows and bytes go, a copy on the timeline stays; others cannot', async () => {
    const owner = await signUp(t.app);
    const participant = await signUp(t.app);
    const album = await sharedAlbum(owner, participant);
    const timeline = await timelineOf(t.app, owner);
    const copied = await c.send(owner, 'POST', `/jobs/${timeline}/copy_files`, {
      payload: { source_job: album.id, file_uuids: [album.first] },
    });
    expect(copied.statusCode).toBe(200);
    expect((await c.account(owner)).used_space).toBe(5000);
    await deleteAlbum(owner, album.id);
    // Denied callers change nothing.
    expect(await purge(participant, [album.id])).toEqual({ success: [], freed_bytes: 0 });
    expect(await purge(await signUp(t.app), [album.id])).toEqual({ success: [], freed_bytes: 0 });
    expect(
      (
        await c.send({ visitor: true }, 'DELETE', '/delete_albums_from_trash_can', {
          payload: { job_uuids: [album.id] },
        })
      ).statusCode,
    ).toBe(401);
    expect((await listed(owner)).map((a) => a.id)).toEqual([album.id]);
    // A live album is not in the trash: nothing happens to it.
    const live = await c.create(owner, { name: 'Live' });
    await c.uploaded(owner, live.id, 'live.jpg', 500);
    expect(await purge(owner, [live.id])).toEqual({ success: [], freed_bytes: 0 });

    // The first photo's bytes are named by the timeline copy: only the second's are freed.
    expect(await purge(owner, [album.id])).toEqual({ success: [{ uuid: album.id }], freed_bytes: 2000 });
    expect((await c.account(owner)).used_space).toBe(3500);
    expect(await listed(owner)).toEqual([]);
    expectStatus(await c.info(owner, album.id), 404);
    expectStatus(await c.info(participant, album.id), 404);
    const [copy] = await c.files(owner, timeline);
    expect((await t.app.inject({ url: copy?.file_url ?? '' })).statusCode).toBe(200);
    expect(await restore(owner, [album.id])).toEqual({ success: [] });
    expect(await purge(owner, [album.id])).toEqual({ success: [], freed_bytes: 0 });
  });

  it('refuses restores while the account is over its quota; a read-only user deletes but cannot restore', async () => {
    const owner = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const photo = await c.uploaded(owner, timeline, 'p.jpg', 4000);
    const album = await c.create(owner, { name: 'Over' });
    await c.uploaded(owner, album.id, 'q.jpg', 4000);
    expect((await c.send(owner, 'DELETE', `/jobs/${timeline}/files_by_id/${photo}`)).statusCode).toBe(200);
    await deleteAlbum(owner, album.id);
    // A lower limit than what the account holds (a smaller plan, an administrator's limit).
    await t.database.db
      .updateTable('users')
      .set({ max_space: 6000 })
      .where('id', '=', owner.userId)
      .execute();
    const rollback = await c.send(owner, 'POST', `/jobs/${timeline}/multi_rollback`, {
      payload: { file_uuids: [photo] },
    });
    expect(rollback.json<MultiRollbackResponse>()).toEqual({
      results: [{ file_uuid: photo, status: 'error', error_reason: 'quota_exceeded' }],
      quota: { used_space: 8000, max_space: 6000 },
    });
    expect(await restore(owner, [album.id])).toEqual({ success: [] });
    // Deleting the album for good brings the account under its quota: the photo comes back.
    expect(await purge(owner, [album.id])).toEqual({ success: [{ uuid: album.id }], freed_bytes: 4000 });
    const again = await c.send(owner, 'POST', `/jobs/${timeline}/multi_rollback`, {
      payload: { file_uuids: [photo] },
    });
    expect(again.json<MultiRollbackResponse>().results).toEqual([{ file_uuid: photo, status: 'ok' }]);

    // A read-only user (no subscription, spec 001 §6) cannot restore, but may delete for good.
    const other = await c.create(owner, { name: 'ReadOnly' });
    await c.uploaded(owner, other.id, 'r.jpg', 100);
    await deleteAlbum(owner, other.id);
    await t.database.db
      .updateTable('users')
      .set({ is_read_only: 1, max_space: null })
      .where('id', '=', owner.userId)
      .execute();
    expect(await restore(owner, [other.id])).toEqual({ success: [] });
    expect((await listed(owner)).map((a) => a.id)).toEqual([other.id]);
    expect((await purge(owner, [other.id])).success).toEqual([{ uuid: other.id }]);
  });

  it('a restore racing a deletion for good: the album is either whole and live, or gone', async () => {
    const owner = await signUp(t.app);
    for (let round = 0; round < 4; round++) {
      const album = await c.create(owner, { name: `Race ${String(round)}` });
      const files = [];
      for (let i = 0; i < 3; i++) files.push(await c.uploaded(owner, album.id, `r${String(i)}.jpg`, 100 + i));
      await deleteAlbum(owner, album.id);
      const [restored, deleted] = await Promise.all([restore(owner, [album.id]), purge(owner, [album.id])]);
      const live = await c.info(owner, album.id);
      if (restored.success.length === 1 && live.statusCode === 200) {
        expect(deleted.success).toEqual([]);
        expect((await c.files(owner, album.id)).map((f) => f.id).sort()).toEqual(files.sort());
      } else {
        expect(deleted.success).toEqual([{ uuid: album.id }]);
        expectStatus(live, 404);
      }
    }
    const rows = await t.database.db
      .selectFrom('files')
      .innerJoin('jobs', 'jobs.id', 'files.job_id')
      .select('files.id')
      .where('jobs.owner_id', '=', owner.userId)
      .execute();
    const charged = (await c.account(owner)).used_space;
    const sizes = await t.database.db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select('blobs.size')
      .where('files.id', 'in', rows.length > 0 ? rows.map((r) => r.id) : [''])
      .execute();
    expect(charged).toBe(sizes.reduce((sum, r) => sum + r.size, 0));
  });

  it('refuses a body without albums', async () => {
    const owner = await signUp(t.app);
    expectStatus(await c.send(owner, 'POST', '/rollback_albums', { payload: { job_uuids: [] } }), 400);
    expectStatus(await c.send(owner, 'DELETE', '/delete_albums_from_trash_can', { payload: {} }), 400);
  });
});
