import { afterAll, beforeAll, describe, it } from 'vitest';
import { albumClient, expectStatus } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

/*
 * spec 001 §5 "Shared albums require a user name on the account" on the paths that share an
 * album with more people, beside the owner's (profile.routes.test.ts): a member's invitation
 * is refused with 409 user_name_required until the member has a name, then goes; a share of
 * files is no album and needs none.
 */
describe.each(DIALECTS)('the name rule of shared albums (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const invite = (s: Session, jobId: string) =>
    c.send(s, 'POST', `/jobs/${jobId}/publish`, {
      headers: { origin: 'http://localhost' },
      payload: { to_email: 'friend@example.com', subject: 'Join', message: '' },
    });
  const clearName = (s: Session) =>
    t.database.db.updateTable('users').set({ name: '' }).where('id', '=', s.userId).execute();

  it('a member without a name may not invite (409), and may once named (200)', async () => {
    const owner = await signUp(t.app, { name: 'Olga' });
    const member = await signUp(t.app, { name: 'Mats' });
    const album = await c.createShared(owner);
    expectStatus(await c.subscribe(member, album.id), 200);
    await clearName(member);
    expectStatus(await invite(member, album.id), 409, 'user_name_required');
    expectStatus(await c.send(member, 'POST', '/name', { payload: { name: 'Mats' } }), 200);
    expectStatus(await invite(member, album.id), 200);
  });

  it('a share of files needs no name: made and sent by e-mail (200)', async () => {
    const user = await signUp(t.app, { name: 'Nils' });
    await clearName(user);
    const timeline = await timelineOf(t.app, user);
    const photo = (
      await uploadFile(t.app, user, timeline, { path: 'Camera/a.jpg', content: fakeJpeg(3300) })
    ).json<{ uuid: string }>().uuid;
    const shareId = await c.share(user, timeline, [photo]);
    expectStatus(await invite(user, shareId), 200);
  });
});
