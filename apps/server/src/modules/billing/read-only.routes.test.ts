import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * A read-only account (spec 001 §1, §4, §6 "users without subscription are read-only, may only
 * join albums shared with them; restore actions disabled"): the server refuses what adds to
 * the library and lets the account join an album shared with it.
 */
describe.each(DIALECTS)('a read-only account (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const makeReadOnly = (s: Session) =>
    t.database.db.updateTable('users').set({ is_read_only: 1 }).where('id', '=', s.userId).execute();

  it('may not upload, make albums, copy or keep files, and may join a shared album', async () => {
    const owner = await signUp(t.app);
    const reader = await signUp(t.app);
    const album = await c.createShared(owner, 'Trip', { allow_uploads: true });
    const photo = await c.uploaded(owner, album.id, 'a.jpg');
    // Before: the same account may make an album (the refusals below are the flag's).
    expect((await c.send(reader, 'POST', '/jobs', { payload: { name: 'Before' } })).statusCode).toBe(200);
    await makeReadOnly(reader);
    const timeline = await timelineOf(t.app, reader);
    // A refusal reads like a missing id, as every access refusal (policy.ts).
    expectStatus(await c.upload(reader, timeline, 'mine.jpg'), 404, 'not_found');
    // The resumable (tus) upload is refused at its creation, before any byte is sent.
    const tus = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${timeline}/uploads?${reader.query}`,
      headers: {
        ...reader.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `path ${Buffer.from('b.jpg').toString('base64')}`,
      },
    });
    expectStatus(tus, 404, 'not_found');
    expectStatus(await c.send(reader, 'POST', '/jobs', { payload: { name: 'Mine' } }), 404, 'not_found');
    // Joining an album shared with them is what a read-only account may do (spec 001 §6).
    expect((await c.subscribe(reader, album.id)).statusCode).toBe(200);
    expectStatus(await c.upload(reader, album.id, 'theirs.jpg'), 404, 'not_found');
    const copy = { payload: { file_uuids: [photo] } };
    expectStatus(await c.send(reader, 'POST', `/jobs/${album.id}/copy_to_timeline`, copy), 404, 'not_found');
    expectStatus(
      await c.send(reader, 'POST', `/jobs/${album.id}/keep-all-files`, { payload: {} }),
      404,
      'not_found',
    );
    const info = await c.infoOf(reader, album.id);
    expect(info.currentUserCan.needsSubscription).toEqual(
      expect.arrayContaining(['addPhotos', 'addToAlbum']),
    );
    // account_info says so, for the web's subscription prompt (spec 001 §4).
    const account = await c.send(reader, 'GET', '/account_info');
    expect(account.json<{ is_read_only_user: boolean }>().is_read_only_user).toBe(true);
  });

  it('may not restore from the trash or copy between its albums, and may still delete', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const kept = await c.uploaded(user, timeline, 'kept.jpg');
    const binned = await c.uploaded(user, timeline, 'binned.jpg');
    const album = await c.create(user, { name: 'Own' });
    expect((await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${binned}`)).statusCode).toBe(200);
    await makeReadOnly(user);
    // spec 001 §6 "restore actions disabled".
    const restore = c.send(user, 'POST', `/jobs/${timeline}/multi_rollback`, {
      payload: { file_uuids: [binned] },
    });
    expectStatus(await restore, 404, 'not_found');
    const copy = { payload: { source_job: timeline, file_uuids: [kept] } };
    expectStatus(await c.send(user, 'POST', `/jobs/${album.id}/copy_files`, copy), 404, 'not_found');
    // Taking files away stays allowed: read-only adds nothing, it does not hold files hostage.
    expect((await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${kept}`)).statusCode).toBe(200);
  });
});
