import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeType, type JobInfo, type JobUsers } from '@trove/contract';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * Albums (issue #11, spec 000 §4, §6, §7 Jobs): POST /jobs, /jobs/{id}/info, managing an
 * album (name, cover, privacy, permissions, sort order, password, delete), members
 * (subscribe, unsubscribe, users) and visitors, each allowed and denied.
 */
describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const events = async (owner: Parameters<typeof c.changes>[0], id: string) =>
    (await c.changes(owner, id)).filter((x) => x.type === ChangeType.EventMarker).map((x) => x.data.event);

  it('POST /jobs creates a private album with comments and uploads allowed, listed and readable', async () => {
    const user = await signUp(t.app);
    const album = await c.create(user, { name: '  Summer 2026 ' });
    expect(album).toMatchObject({
      type: 'story',
      title: 'Summer 2026',
      owner: user.userId,
      privacy_mode: 'private',
      permissions: 3,
      role: 'owner',
      has_password: false,
    });
    expect(await c.infoOf(user, album.id)).toMatchObject({ id: album.id, media_count: 0 });
    const stories = await c.send(user, 'GET', '/jobs?stories=1');
    expect(stories.json<{ jobs: { id: string }[] }>().jobs.map((j) => j.id)).toEqual([album.id]);
  });

  it('without a chosen cover the cover is the newest file with thumbnails, not one still processing (issue #23)', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Cabin');
    await c.subscribe(member, album.id);
    const first = await c.uploaded(owner, album.id, 'one.jpg', 4000);
    const ready = (id: string) =>
      t.database.db.updateTable('files').set({ media_status: 'ready' }).where('id', '=', id).execute();
    await ready(first);
    const second = await c.uploaded(member, album.id, 'two.jpg', 4001);
    // The member's photo has no thumbnail yet: the owner's cover stays the one that shows.
    for (const who of [owner, member]) {
      const info = await c.infoOf(who, album.id);
      expect(info).toMatchObject({ cover_id: first, media_count: 2 });
      expect(info.cover_thumb_url_large).toContain(first);
    }
    // Uploaded later (two uploads may share a millisecond), and now with thumbnails: the cover.
    await t.database.db
      .updateTable('files')
      .set({ uploaded_at: Date.now() + 60_000 })
      .where('id', '=', second)
      .execute();
    await ready(second);
    expect(await c.infoOf(owner, album.id)).toMatchObject({ cover_id: second });
  });

  it('POST /jobs keeps its settings, refuses a shared album without a name and control characters', async () => {
    const user = await signUp(t.app);
    expect(await c.create(user, { name: 'Trip', public: 1, allow_comments: 0 })).toMatchObject({
      privacy_mode: 'shared',
      permissions: 2,
      isShared: true,
    });
    const nameless = await c.send(user, 'POST', '/jobs', { payload: { name: '   ', public: true } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('album name is required for shared albums');
    expect((await c.send(user, 'POST', '/jobs', { payload: { name: 'x'.repeat(256) } })).statusCode).toBe(
      400,
    );
    expect((await c.send(user, 'POST', '/jobs', { payload: { name: 'Trip\u0000' } })).statusCode).toBe(400);
  });

  it('denies a caller without a token on user routes; a private album of another user is not found', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const album = await c.create(owner, { name: 'Mine' });
    const anonymous = { visitor: true } as const;
    for (const [method, path] of [
      ['POST', '/jobs'],
      ['POST', `/jobs/${album.id}/name`],
      ['POST', `/jobs/${album.id}/subscribe`],
      ['DELETE', `/jobs/${album.id}`],
      ['GET', '/options/x'],
    ] as const) {
      expect((await c.send(anonymous, method, path, { payload: {} })).statusCode, path).toBe(401);
    }
    const missing = await c.info(other, 'no-such-job');
    for (const who of [other, anonymous]) {
      const foreign = await c.info(who, album.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
    }
  });

  it('a participant subscribes, uploads, is seen by the owner, loses uploads with allow_uploads, and leaves', async () => {
    const owner = await signUp(t.app, { name: 'Olivia' });
    const guest = await signUp(t.app, { name: 'Paul' });
    const album = await c.createShared(owner, 'Party');
    // Before subscribing: a visitor, who may subscribe but not upload.
    expect(await c.infoOf(guest, album.id)).toMatchObject({
      role: 'visitor',
      currentUserCan: { subscribeToAlbum: true, addPhotos: false },
    });
    expectStatus(await c.upload(guest, album.id), 404);

    const joined = await c.subscribe(guest, album.id);
    expect(joined.statusCode).toBe(200);
    expect(joined.json<JobInfo>()).toMatchObject({
      role: 'participant',
      // The owner and the new participant.
      participant_count: 2,
      currentUserCan: { addPhotos: true, leaveAlbum: true, subscribeToAlbum: false, editAlbum: false },
    });
    const stories = await c.send(guest, 'GET', '/jobs?stories=1');
    expect(stories.json<{ jobs: { id: string }[] }>().jobs.map((j) => j.id)).toContain(album.id);

    const fileId = await c.uploaded(guest, album.id, 'party.jpg');
    const seen = await c.changes(owner, album.id);
    expect(seen.find((x) => x.type === ChangeType.FileAdded)?.data).toMatchObject({
      id: fileId,
      user_uuid: guest.userId,
    });
    expect(await events(owner, album.id)).toEqual(['members']);
    expect(await c.files(owner, album.id)).toMatchObject([{ id: fileId, user_uuid: guest.userId }]);

    const users = (await c.send(guest, 'GET', `/jobs/${album.id}/users`)).json<JobUsers>().users;
    expect(users).toEqual([
      { id: owner.userId, name: 'Olivia', profile_picture_url: null, subscribed: true, owner: true },
      { id: guest.userId, name: 'Paul', profile_picture_url: null, subscribed: true, owner: false },
    ]);

    // The participant may not change the album's settings: those read as not found.
    expectStatus(
      await c.send(guest, 'POST', `/jobs/${album.id}/permissions`, { payload: { allow_uploads: 0 } }),
      404,
      'not_found',
    );
    const closed = await c.send(owner, 'POST', `/jobs/${album.id}/permissions`, {
      payload: { allow_uploads: 0 },
    });
    expect(closed.json<JobInfo>()).toMatchObject({
      allow_uploads: false,
      allow_comments: true,
      permissions: 1,
    });
    expect((await c.infoOf(guest, album.id)).currentUserCan.addPhotos).toBe(false);
    expectStatus(await c.upload(guest, album.id, 'late.jpg', 4100), 404);
    await c.send(owner, 'POST', `/jobs/${album.id}/permissions`, { payload: { allow_uploads: true } });
    expect((await c.infoOf(guest, album.id)).currentUserCan.addPhotos).toBe(true);

    const left = await c.send(guest, 'POST', `/jobs/${album.id}/unsubscribe`);
    expect(left.json<JobInfo>()).toMatchObject({ role: 'visitor', currentUserCan: { leaveAlbum: false } });
    expectStatus(await c.send(guest, 'POST', `/jobs/${album.id}/unsubscribe`), 404);
    const after = (await c.send(owner, 'GET', `/jobs/${album.id}/users`)).json<JobUsers>().users;
    expect(after[1]).toMatchObject({ id: guest.userId, subscribed: false });
    // The file stays in the album, still theirs.
    expect(await c.files(owner, album.id)).toMatchObject([{ id: fileId, user_uuid: guest.userId }]);
    const listed = await c.send(guest, 'GET', '/jobs?stories=1');
    expect(listed.json<{ jobs: { id: string }[] }>().jobs.map((j) => j.id)).not.toContain(album.id);
    expect(await events(owner, album.id)).toEqual(['members', 'permissions', 'permissions', 'members']);
  });

  it('the owner renames, sets the cover, sorts and makes the album private; others may not', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const stranger = await signUp(t.app);
    const album = await c.createShared(owner, 'Before');
    const other = await c.create(owner, { name: 'Other' });
    await c.subscribe(member, album.id);
    const first = await c.uploaded(owner, album.id, 'one.jpg', 4000);
    await c.uploaded(owner, album.id, 'two.jpg', 4001);
    const elsewhere = await c.uploaded(owner, other.id, 'three.jpg', 4002);

    const renamed = await c.send(owner, 'POST', `/jobs/${album.id}/name`, { payload: { name: ' After ' } });
    expect(renamed.json<JobInfo>()).toMatchObject({ title: 'After', media_count: 2 });
    expectStatus(await c.send(owner, 'POST', `/jobs/${album.id}/name`, { payload: { name: ' ' } }), 400);
    for (const who of [member, stranger]) {
      expectStatus(await c.send(who, 'POST', `/jobs/${album.id}/name`, { payload: { name: 'x' } }), 404);
      expectStatus(await c.send(who, 'POST', `/jobs/${album.id}/cover`, { payload: { id: first } }), 404);
      expectStatus(
        await c.send(who, 'PUT', `/jobs/${album.id}/attribute/sort_order`, { payload: { value: 'ADDED' } }),
        404,
      );
      expectStatus(
        await c.send(who, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'private' } }),
        404,
      );
    }

    expectStatus(await c.send(owner, 'POST', `/jobs/${album.id}/cover`, { payload: { id: elsewhere } }), 404);
    const covered = await c.send(owner, 'POST', `/jobs/${album.id}/cover`, { payload: { id: first } });
    expect(covered.json<JobInfo>()).toMatchObject({ cover_id: first });

    const sorted = await c.send(owner, 'PUT', `/jobs/${album.id}/attribute/sort_order`, {
      payload: { value: 'OLDEST_TAKEN' },
    });
    expect(sorted.json<JobInfo>().sort_order).toBe('OLDEST_TAKEN');
    expectStatus(
      await c.send(owner, 'PUT', `/jobs/${album.id}/attribute/colour`, { payload: { value: 'ADDED' } }),
      400,
    );
    expectStatus(
      await c.send(owner, 'PUT', `/jobs/${album.id}/attribute/sort_order`, { payload: { value: 'NAME' } }),
      400,
    );

    const made = await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, {
      payload: { mode: 'private' },
    });
    expect(made.json<JobInfo>()).toMatchObject({ privacy_mode: 'private', isShared: false });
    // A private album is nobody else's: the member's answer reads like a missing id.
    expectStatus(await c.info(member, album.id), 404, 'not_found');
    await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'shared' } });
    expect((await c.infoOf(member, album.id)).role).toBe('participant');
    expect(await events(owner, album.id)).toEqual([
      'members',
      'name',
      'cover',
      'sort_order',
      'privacy',
      'privacy',
    ]);
    // Settings of the timeline are not an album's.
    const timeline = (await c.send(owner, 'GET', '/jobs/default')).json<JobInfo>();
    expectStatus(await c.send(owner, 'POST', `/jobs/${timeline.id}/name`, { payload: { name: 'x' } }), 404);
  });

  it('a visitor needs the password: wrong is refused, right gives a grant, a new password ends it', async () => {
    const owner = await signUp(t.app);
    const visitorUser = await signUp(t.app);
    const album = await c.createShared(owner, 'Locked');
    await c.setPassword(owner, album.id, 'secret');
    await c.uploaded(owner, album.id, 'locked.jpg');
    const anonymous = { visitor: true } as const;

    expectStatus(await c.info(anonymous, album.id), 403, 'password_required');
    expectStatus(await c.unlock(album.id, 'wrong'), 403, 'password_required');
    const unlocked = await c.unlock(album.id, 'secret');
    expect(unlocked.statusCode).toBe(200);
    const { grant } = unlocked.json<{ grant: string }>();
    const visitor = { visitor: true, grant } as const;
    expect(await c.infoOf(visitor, album.id)).toMatchObject({ role: 'visitor', has_password: true });
    const [file] = await c.files(visitor, album.id);
    const mediaUrl = file?.file_url ?? '';
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(200);
    expect((await c.send(visitor, 'GET', `/jobs/${album.id}/users`)).statusCode).toBe(200);
    const service = await c.send(visitor, 'GET', `/jobs/${album.id}/service`);
    expect(service.json()).toMatchObject({ app: expect.any(String) as string });
    expectStatus(await c.send(anonymous, 'GET', `/jobs/${album.id}/service`), 403, 'password_required');
    expectStatus(await c.send(anonymous, 'GET', `/jobs/${album.id}/users`), 403, 'password_required');

    // A signed-in visitor subscribes only with the grant.
    expectStatus(await c.subscribe(visitorUser, album.id), 403, 'password_required');
    expect((await c.subscribe(visitorUser, album.id, grant)).statusCode).toBe(200);

    await c.setPassword(owner, album.id, 'another');
    expectStatus(await c.info(visitor, album.id), 403, 'password_required');
    expect((await t.app.inject({ url: mediaUrl })).statusCode).toBe(404);
    // The member takes part still; the owner is unaffected.
    expect((await c.infoOf(visitorUser, album.id)).role).toBe('participant');
    expect((await c.infoOf(owner, album.id)).has_password).toBe(true);
    // Leaving without a grant answers the album as a visitor who gave the password would see it.
    const left = await c.send(visitorUser, 'POST', `/jobs/${album.id}/unsubscribe`);
    expect(left.json<JobInfo>()).toMatchObject({
      role: 'visitor',
      currentUserCan: { subscribeToAlbum: true },
    });
    expectStatus(await c.info(visitorUser, album.id), 403, 'password_required');

    // Only the owner sets it; '' removes it and the album opens without one.
    expectStatus(
      await c.send(visitorUser, 'POST', `/jobs/${album.id}/password`, { payload: { password: '' } }),
      403,
    );
    expectStatus(
      await c.send(owner, 'POST', `/jobs/${album.id}/password`, { payload: { password: 'short' } }),
      400,
    );
    await c.setPassword(owner, album.id, '');
    expect(await c.infoOf(anonymous, album.id)).toMatchObject({ has_password: false, role: 'visitor' });
    expect(await events(owner, album.id)).toEqual(['password', 'members', 'password', 'members', 'password']);
  });

  it("a member who leaves loses their media URLs at once (issue #23); the owner's stay", async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const album = await c.createShared(owner, 'Leaving');
    await c.setPassword(owner, album.id, 'secret');
    await c.uploaded(owner, album.id, 'leaving.jpg');
    const grant = (await c.unlock(album.id, 'secret')).json<{ grant: string }>().grant;
    expect((await c.subscribe(member, album.id, grant)).statusCode).toBe(200);
    const [mine] = await c.files(member, album.id);
    const [owners] = await c.files(owner, album.id);
    expect((await t.app.inject({ url: mine?.file_url ?? '' })).statusCode).toBe(200);
    expect((await c.send(member, 'POST', `/jobs/${album.id}/unsubscribe`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: mine?.file_url ?? '' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: owners?.file_url ?? '' })).statusCode).toBe(200);
  });

  it('making an album private ends visitor grants and visitor media URLs', async () => {
    const owner = await signUp(t.app);
    const album = await c.createShared(owner, 'Brief');
    await c.uploaded(owner, album.id, 'brief.jpg');
    const visitor = { visitor: true } as const;
    const [file] = await c.files(visitor, album.id);
    expect((await t.app.inject({ url: file?.file_url ?? '' })).statusCode).toBe(200);
    await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'private' } });
    expectStatus(await c.info(visitor, album.id), 404);
    expect((await t.app.inject({ url: file?.file_url ?? '' })).statusCode).toBe(404);
    await c.send(owner, 'POST', `/jobs/${album.id}/privacy_mode`, { payload: { mode: 'shared' } });
    // Shared again: the old URL stays ended (its epoch is gone); a new listing works.
    expect((await t.app.inject({ url: file?.file_url ?? '' })).statusCode).toBe(404);
    expect(await c.files(visitor, album.id)).toHaveLength(1);
  });

  it('DELETE /jobs/{id}: owner and participants then read secured_job, everyone else not found', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const stranger = await signUp(t.app);
    const album = await c.createShared(owner, 'Doomed');
    await c.subscribe(member, album.id);
    const fileId = await c.uploaded(member, album.id);
    expectStatus(await c.send(member, 'DELETE', `/jobs/${album.id}`), 404);
    expectStatus(await c.send(stranger, 'DELETE', `/jobs/${album.id}`), 404);
    const timeline = (await c.send(owner, 'GET', '/jobs/default')).json<JobInfo>();
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${timeline.id}`), 404);

    const deleted = await c.send(owner, 'DELETE', `/jobs/${album.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expectStatus(await c.info(owner, album.id), 403, 'secured_job');
    expectStatus(await c.info(member, album.id), 403, 'secured_job');
    expectStatus(await c.info(stranger, album.id), 404, 'not_found');
    expectStatus(await c.info({ visitor: true }, album.id), 404, 'not_found');
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${album.id}`), 403, 'secured_job');
    const listed = await c.send(owner, 'GET', '/jobs?stories=1');
    expect(listed.json<{ jobs: unknown[] }>().jobs).toEqual([]);
    // Files and memberships stay, for the trash.
    const rows = await t.database.db
      .selectFrom('files')
      .select('id')
      .where('job_id', '=', album.id)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([fileId]);
  });

  it('removing the last file of an album deletes the album (spec 000 §4)', async () => {
    const owner = await signUp(t.app);
    const album = await c.create(owner, { name: 'Draft' });
    const a = await c.uploaded(owner, album.id, 'a.jpg', 4000);
    const b = await c.uploaded(owner, album.id, 'b.jpg', 4001);
    expect((await c.send(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${a}`)).statusCode).toBe(200);
    expect((await c.infoOf(owner, album.id)).media_count).toBe(1);
    expect((await c.send(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${b}`)).statusCode).toBe(200);
    expectStatus(await c.info(owner, album.id), 403, 'secured_job');
    // The timeline never goes: its last file is just a file.
    const timeline = (await c.send(owner, 'GET', '/jobs/default')).json<JobInfo>();
    const only = await c.uploaded(owner, timeline.id, 'c.jpg', 4002);
    await c.send(owner, 'DELETE', `/jobs/${timeline.id}/files_by_id/${only}`);
    expect((await c.info(owner, timeline.id)).statusCode).toBe(200);
  });
});
