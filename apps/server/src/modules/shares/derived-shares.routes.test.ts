import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const visitor: Who = { visitor: true };

/**
 * Shares made from an album live and die with their maker's access there (issue #23,
 * [Note: Derived shares]): only the owner and participants make them; making the album
 * private, deleting it, a password its maker would now need, and the maker leaving stop
 * them; a file that leaves the album (to the trash, then for good) leaves them.
 */
describe.each(DIALECTS)('shares made from an album (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const share = (who: Session, album: string, files: string[]) => c.share(who, album, files);
  const opened = (id: string) => c.openShare(id);
  const names = async (id: string) => (await opened(id))?.thumbFiles.map((f) => f.name).sort() ?? null;

  /** A shared album of Ann's with a photo of hers and one of Bo's, Bo a participant. */
  async function albumWithMember() {
    const owner = await signUp(t.app, { name: 'Ann' });
    const member = await signUp(t.app, { name: 'Bo' });
    const album = (await c.createShared(owner, 'Trip')).id;
    expectStatus(await c.subscribe(member, album), 200);
    const hers = await c.uploaded(owner, album, 'hers.jpg', 4100);
    const his = await c.uploaded(member, album, 'his.jpg', 4200);
    return { owner, member, album, hers, his };
  }

  it('lets the owner and participants share from an album, a signed-in visitor not', async () => {
    const { owner, member, album, hers, his } = await albumWithMember();
    const passer = await signUp(t.app);
    const refused = await c.send(passer, 'POST', '/shares', {
      payload: { source_job: album, file_uuids: [hers] },
    });
    expectStatus(refused, 404, 'not_found');
    const both = await share(owner, album, [hers, his]);
    expect(await names(both)).toEqual(['hers.jpg', 'his.jpg']);
    // One type 0 record a file, with serials in order from 1 (written in one statement).
    const records = await t.database.db
      .selectFrom('job_events')
      .select(['serial', 'type', 'file_id'])
      .where('job_id', '=', both)
      .orderBy('serial')
      .execute();
    const files = (await opened(both))?.thumbFiles.map((f) => f.id).sort();
    expect(records.map((r) => [r.serial, r.type])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(records.map((r) => r.file_id).sort()).toEqual(files);
    // Bo's photo carries no folders of his in a share he did not make ([Note: Who sees a
    // file's details]).
    expect((await c.changes(owner, both)).map((change) => change.data.path).sort()).toEqual([
      'Camera/hers.jpg',
      'his.jpg',
    ]);
    expect(await names(await share(member, album, [hers]))).toEqual(['hers.jpg']);
    // The share records what it was made from.
    const row = await t.database.db
      .selectFrom('files')
      .innerJoin('jobs', 'jobs.id', 'files.job_id')
      .select(['files.source_file_id', 'jobs.source_job_id'])
      .where('jobs.source_job_id', '=', album)
      .where('files.name', '=', 'his.jpg')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source_file_id: his, source_job_id: album });
  });

  it("stops a participant's share once the album is made private; the owner's lives on", async () => {
    const { owner, member, album, hers } = await albumWithMember();
    const theirs = await share(member, album, [hers]);
    const ownerShare = await share(owner, album, [hers]);
    const url = (await opened(theirs))?.thumbFiles[0]?.file_url ?? '';
    expectStatus(await t.app.inject({ url }), 200);
    expectStatus(
      await c.send(owner, 'POST', `/jobs/${album}/privacy_mode`, { payload: { mode: 'private' } }),
      200,
    );
    expect(await opened(theirs)).toBeNull();
    expectStatus(await t.app.inject({ url }), 404);
    expectStatus(await c.send(member, 'GET', `/shares/${theirs}`), 404, 'not_found');
    expect(await names(ownerShare)).toEqual(['hers.jpg']);
    // Shared again, the stopped share stays stopped, as its owner's stop would.
    await c.send(owner, 'POST', `/jobs/${album}/privacy_mode`, { payload: { mode: 'shared' } });
    expect(await opened(theirs)).toBeNull();
  });

  it('stops every share made from an album once it is deleted, the owner’s too', async () => {
    const { owner, member, album, hers } = await albumWithMember();
    const theirs = await share(member, album, [hers]);
    const ownerShare = await share(owner, album, [hers]);
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}`), 200);
    expect(await opened(theirs)).toBeNull();
    expect(await opened(ownerShare)).toBeNull();
    // Restored, the album comes back; its shares do not.
    await c.send(owner, 'POST', '/rollback_albums', { payload: { job_uuids: [album] } });
    expect(await opened(ownerShare)).toBeNull();
  });

  it('frees the bytes of an album deleted for good at once, though stopped shares named them', async () => {
    const { owner, member, album, hers, his } = await albumWithMember();
    await share(owner, album, [hers, his]);
    await share(member, album, [hers]);
    const ownerBefore = (await c.account(owner)).used_space;
    const memberBefore = (await c.account(member)).used_space;
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}`), 200);
    const gone = await c.send(owner, 'DELETE', '/delete_albums_from_trash_can', {
      payload: { job_uuids: [album] },
    });
    expectStatus(gone, 200);
    expect(gone.json<{ freed_bytes: number }>().freed_bytes).toBe(4100 + 4200);
    expect((await c.account(owner)).used_space).toBe(ownerBefore - 4100);
    expect((await c.account(member)).used_space).toBe(memberBefore - 4200);
  });

  it('stops every share once the album goes with its last file', async () => {
    const owner = await signUp(t.app);
    const album = (await c.createShared(owner, 'One')).id;
    const only = await c.uploaded(owner, album, 'only.jpg', 4300);
    const id = await share(owner, album, [only]);
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}/files_by_id/${only}`), 200);
    expect(await opened(id)).toBeNull();
    const row = await t.database.db
      .selectFrom('jobs')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
  });

  it('stops what a member shared once they leave; the owner’s and other members’ shares live on', async () => {
    const { owner, member, album, hers, his } = await albumWithMember();
    const other = await signUp(t.app);
    expectStatus(await c.subscribe(other, album), 200);
    const theirs = await share(member, album, [hers, his]);
    const others = await share(other, album, [his]);
    const ownerShare = await share(owner, album, [his]);
    expectStatus(await c.send(member, 'POST', `/jobs/${album}/unsubscribe`), 200);
    expect(await opened(theirs)).toBeNull();
    expect(await names(others)).toEqual(['his.jpg']);
    expect(await names(ownerShare)).toEqual(['his.jpg']);
  });

  it('stops a share whose maker needs the password once it changes; members need none', async () => {
    const { owner, member, album, hers } = await albumWithMember();
    const memberShare = await share(member, album, [hers]);
    // A maker who is no longer a member (left before leaving stopped shares): their access
    // hangs on the album's link and password now.
    const former = await signUp(t.app);
    expectStatus(await c.subscribe(former, album), 200);
    const formerShare = await share(former, album, [hers]);
    await t.database.db
      .updateTable('job_members')
      .set({ subscribed: 0 })
      .where('job_id', '=', album)
      .where('user_id', '=', former.userId)
      .execute();
    expect(await names(formerShare)).toEqual(['hers.jpg']);
    await c.setPassword(owner, album, 'a new secret');
    expect(await opened(formerShare)).toBeNull();
    expect(await names(memberShare)).toEqual(['hers.jpg']);
  });

  it('opens no share of a disabled account, to nobody', async () => {
    const { member, album, hers } = await albumWithMember();
    const theirs = await share(member, album, [hers]);
    expect(await names(theirs)).toEqual(['hers.jpg']);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', member.userId)
      .execute();
    expect(await opened(theirs)).toBeNull();
    expectStatus(await c.send(visitor, 'GET', `/jobs/${theirs}/files`), 404, 'not_found');
  });

  it('drops a photo deleted from the album from every share made of it, and frees it for good', async () => {
    const { owner, member, album, hers, his } = await albumWithMember();
    // Not the album's last photo: that would take the album to the trash with it.
    await c.uploaded(owner, album, 'stays.jpg', 4600);
    const ownerShare = await share(owner, album, [hers, his]);
    const memberShare = await share(member, album, [hers, his]);
    const copy = (await opened(ownerShare))?.thumbFiles.find((f) => f.name === 'his.jpg');
    // Bo deletes his photo from the album: it leaves Ann's share and his own.
    expectStatus(await c.send(member, 'DELETE', `/jobs/${album}/files_by_id/${his}`), 200);
    expect(await names(ownerShare)).toEqual(['hers.jpg']);
    expect(await names(memberShare)).toEqual(['hers.jpg']);
    expectStatus(await t.app.inject({ url: copy?.file_url ?? '' }), 404);
    const changes = await c.changes(owner, ownerShare);
    expect(changes.some((change) => change.type === 1 && change.data.id === copy?.id)).toBe(true);
    // Ann deletes hers, to the trash and then for good: the share named her bytes, and no
    // longer keeps them or her used space.
    const before = (await c.account(owner)).used_space;
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}/files_by_id/${hers}`), 200);
    expect((await opened(ownerShare))?.thumbFiles ?? []).toEqual([]);
    const emptied = await c.send(owner, 'POST', '/empty_trash_can', { payload: { fileid: hers } });
    expectStatus(emptied, 200);
    expect(emptied.json<{ deleted: number }>().deleted).toBe(1);
    expect((await c.account(owner)).used_space).toBe(before - 4100);
    // Bo's photo is in the trash of the album's owner; for good, his bytes go too.
    await c.send(owner, 'POST', '/empty_trash_can', { payload: {} });
    const blobs = await t.database.db
      .selectFrom('blobs')
      .select('id')
      .where('owner_id', '=', member.userId)
      .execute();
    expect(blobs).toEqual([]);
  });

  it('keeps a share made from the timeline when the same photo leaves an album', async () => {
    const owner = await signUp(t.app);
    const timeline = await timelineOf(t.app, owner);
    const album = (await c.createShared(owner, 'Both')).id;
    const photo = await c.uploaded(owner, timeline, 'both.jpg', 4400);
    const copied = await c.send(owner, 'POST', `/jobs/${album}/copy_files`, {
      payload: { source_job: timeline, file_uuids: [photo] },
    });
    const inAlbum = copied.json<{ results: { new_uuid: string }[] }>().results[0]?.new_uuid ?? '';
    const fromTimeline = await share(owner, timeline, [photo]);
    await c.uploaded(owner, album, 'stays.jpg', 4500);
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album}/files_by_id/${inAlbum}`), 200);
    expect(await names(fromTimeline)).toEqual(['both.jpg']);
  });
});
