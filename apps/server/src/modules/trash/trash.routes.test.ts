import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmptyTrashResponse, TrashCan } from '@trove/contract';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { albumClient, type Who } from '../../test/albums.ts';
import { markThumbnailReady } from './trash.test-support.ts';

/**
 * Deleting for good (issue #13, spec 000 §7 POST /empty_trash_can; [Note: Releasing
 * storage]): rows first, then bytes; a blob another file still names survives and stays
 * charged; used space goes down by exactly what was freed; only the caller's own trash.
 */
describe.each(DIALECTS)('empty_trash_can (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { BASE_QUOTA_BYTES: '20000' } });
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const empty = async (who: Who, fileid?: string | string[]) => {
    const r = await c.send(who, 'POST', '/empty_trash_can', {
      payload: fileid === undefined ? {} : { fileid },
    });
    if (r.statusCode !== 200) throw new Error(`empty: ${String(r.statusCode)} ${r.body}`);
    return r.json<EmptyTrashResponse>();
  };
  const trash = (s: Session, job: string, file: string) =>
    c.send(s, 'DELETE', `/jobs/${job}/files_by_id/${file}`);
  const keyOf = async (file: string) =>
    (
      await t.database.db
        .selectFrom('files')
        .innerJoin('blobs', 'blobs.id', 'files.blob_id')
        .select('blobs.store_key')
        .where('files.id', '=', file)
        .executeTakeFirstOrThrow()
    ).store_key;
  const stored = async (key: string) =>
    (await createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 }).stat(key)) !== undefined;

  it('frees the bytes and the used space of a trashed file, exactly; only trashed files, only once', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const kept = await c.uploaded(user, timeline, 'kept.jpg', 5000);
    const gone = await c.uploaded(user, timeline, 'gone.jpg', 4000);
    const key = await keyOf(gone);
    expect((await c.account(user)).used_space).toBe(9000);
    // Not in the trash: nothing happens.
    expect(await empty(user, gone)).toEqual({ deleted: 0, freed_bytes: 0 });
    expect((await trash(user, timeline, gone)).statusCode).toBe(200);
    // In the trash the file still counts (spec 000 §4: deleting frees nothing until it is gone).
    expect((await c.account(user)).used_space).toBe(9000);
    expect(await stored(key)).toBe(true);

    expect(await empty(user, gone)).toEqual({ deleted: 1, freed_bytes: 4000 });
    expect((await c.account(user)).used_space).toBe(5000);
    expect(await stored(key)).toBe(false);
    expect(await t.database.db.selectFrom('files').select('id').where('id', '=', gone).execute()).toEqual([]);
    expect(await empty(user, gone)).toEqual({ deleted: 0, freed_bytes: 0 });
    expect((await c.files(user, timeline)).map((f) => f.id)).toEqual([kept]);
  });

  it('keeps a blob another file still names (an album copy), and its charge, until the last goes', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const photo = await c.uploaded(user, timeline, 'shared.jpg', 6000);
    const album = await c.create(user, { name: 'Holiday' });
    const copied = await c.send(user, 'POST', `/jobs/${album.id}/copy_files`, {
      payload: { source_job: timeline, file_uuids: [photo] },
    });
    const inAlbum = copied.json<{ results: { new_uuid: string }[] }>().results[0]?.new_uuid ?? '';
    const key = await keyOf(photo);
    expect((await trash(user, timeline, photo)).statusCode).toBe(200);
    expect(await empty(user)).toEqual({ deleted: 1, freed_bytes: 0 });
    expect((await c.account(user)).used_space).toBe(6000);
    expect(await stored(key)).toBe(true);
    const [file] = await c.files(user, album.id);
    expect(file?.id).toBe(inAlbum);
    expect((await t.app.inject({ url: file?.file_url ?? '' })).statusCode).toBe(200);

    // The album's file goes too (trashed with a second file kept, so the album stays).
    await c.uploaded(user, album.id, 'other.jpg', 1000);
    expect((await trash(user, album.id, inAlbum)).statusCode).toBe(200);
    expect(await empty(user, [inAlbum])).toEqual({ deleted: 1, freed_bytes: 6000 });
    expect((await c.account(user)).used_space).toBe(1000);
    expect(await stored(key)).toBe(false);
  });

  it("keeps bytes another user's copy names; that user's charge stays theirs", async () => {
    const owner = await signUp(t.app);
    const participant = await signUp(t.app);
    const album = await c.createShared(owner, 'Cabin');
    const photo = await c.uploaded(owner, album.id, 'cabin.jpg', 3000);
    await c.uploaded(owner, album.id, 'keep.jpg', 1000);
    expect((await c.subscribe(participant, album.id)).statusCode).toBe(200);
    const copy = await c.send(participant, 'POST', `/jobs/${album.id}/copy_to_timeline`, {
      payload: { file_uuids: [photo] },
    });
    expect(copy.statusCode).toBe(200);
    const key = await keyOf(photo);
    expect((await c.account(participant)).used_space).toBe(3000);
    expect((await trash(owner, album.id, photo)).statusCode).toBe(200);
    expect(await empty(owner)).toEqual({ deleted: 1, freed_bytes: 3000 });
    expect((await c.account(owner)).used_space).toBe(1000);
    // The participant's copy names the same stored bytes: they stay.
    expect(await stored(key)).toBe(true);
    expect((await c.account(participant)).used_space).toBe(3000);
    const participantTimeline = await timelineOf(t.app, participant);
    const [theirs] = await c.files(participant, participantTimeline);
    expect((await t.app.inject({ url: theirs?.file_url ?? '' })).statusCode).toBe(200);
  });

  it("deletes nothing of another user's trash, and refuses a caller without a token", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const photo = await c.uploaded(owner, timeline, 'mine.jpg', 2000);
    expect((await trash(owner, timeline, photo)).statusCode).toBe(200);
    expect(await empty(stranger, photo)).toEqual({ deleted: 0, freed_bytes: 0 });
    expect(await empty(stranger)).toEqual({ deleted: 0, freed_bytes: 0 });
    const anonymous = await c.send({ visitor: true }, 'POST', '/empty_trash_can', { payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await c.send(owner, 'POST', '/empty_trash_can', { payload: { fileid: [] } })).statusCode).toBe(
      400,
    );
    expect((await c.account(owner)).used_space).toBe(2000);
    expect(await empty(owner)).toEqual({ deleted: 1, freed_bytes: 2000 });
  });

  it('a user at their quota deletes, empties the trash and can upload again', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const big = await c.uploaded(user, timeline, 'big.jpg', 15000);
    const refused = await c.upload(user, timeline, 'more.jpg', 8000);
    expect(refused.statusCode).toBe(413);
    expect((await trash(user, timeline, big)).statusCode).toBe(200);
    expect((await c.upload(user, timeline, 'more.jpg', 8000)).statusCode).toBe(413);
    await empty(user);
    expect((await c.upload(user, timeline, 'more.jpg', 8000)).statusCode).toBe(200);
  });

  it('two deletions at once of files sharing a blob free it exactly once', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const photo = await c.uploaded(user, timeline, 'twice.jpg', 7000);
    const album = await c.create(user, { name: 'Twice' });
    const copied = await c.send(user, 'POST', `/jobs/${album.id}/copy_files`, {
      payload: { source_job: timeline, file_uuids: [photo] },
    });
    const inAlbum = copied.json<{ results: { new_uuid: string }[] }>().results[0]?.new_uuid ?? '';
    await c.uploaded(user, album.id, 'stay.jpg', 500);
    expect((await trash(user, timeline, photo)).statusCode).toBe(200);
    expect((await trash(user, album.id, inAlbum)).statusCode).toBe(200);
    const results = await Promise.all([empty(user, photo), empty(user, inAlbum)]);
    expect(results.reduce((sum, r) => sum + r.deleted, 0)).toBe(2);
    expect(results.reduce((sum, r) => sum + r.freed_bytes, 0)).toBe(7000);
    expect((await c.account(user)).used_space).toBe(500);
  });

  it("lists the caller's trash, latest deletion first, paged, with the total and the trashed thumbnail", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const ids: string[] = [];
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg'])
      ids.push(await c.uploaded(user, timeline, name, 1000 + ids.length));
    const active = await c.uploaded(user, timeline, 'active.jpg', 1500);
    for (const id of ids) {
      t.clock.advance(1000);
      expect((await trash(user, timeline, id)).statusCode).toBe(200);
    }
    const first = await c.send(user, 'GET', '/trash_can?offset=0&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['capture-total-items']).toBe('3');
    const page = first.json<TrashCan>();
    expect(page.total_item_count).toBe(3);
    expect(page.files.map((f) => f.name)).toEqual(['c.jpg', 'b.jpg']);
    expect(page.files[0]).toMatchObject({ job: timeline, type: 'Pictures', size: 1002 });
    const rest = (await c.send(user, 'GET', '/trash_can?offset=2&limit=2')).json<TrashCan>();
    expect(rest.files.map((f) => f.name)).toEqual(['a.jpg']);
    // Nobody else's trash, and no caller without a token.
    expect((await c.send(stranger, 'GET', '/trash_can')).json<TrashCan>()).toEqual({
      files: [],
      total_item_count: 0,
    });
    expect((await c.send({ visitor: true }, 'GET', '/trash_can')).statusCode).toBe(401);
    expect((await c.send(user, 'GET', '/trash_can?limit=501')).statusCode).toBe(400);

    // The trashed variant serves a file in the trash, and nothing once it is restored.
    await markThumbnailReady(t, ids[2] ?? '');
    const listed = (await c.send(user, 'GET', '/trash_can')).json<TrashCan>().files[0];
    const url = listed?.thumb_url_small ?? '';
    expect(url).toContain('trashed=1');
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    // The same signature does not open the active variant, nor another file.
    expect((await t.app.inject({ url: url.replace('trashed=1&', '') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url.replace(ids[2] ?? '', active) })).statusCode).toBe(404);
    const restored = await c.send(user, 'POST', `/jobs/${timeline}/multi_rollback`, {
      payload: { file_uuids: [ids[2]] },
    });
    expect(restored.statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});
