import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, CreatedShare, ShareInfo } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signIn,
  signUp,
  startLogin,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { operatorClient } from './operator.test-support.ts';

const visitor: Who = { visitor: true };
const terminated = { error: { code: 'user_disabled', message: 'The account has been terminated' } };

/**
 * Disabling an account (issue #24, [Note: Disabled accounts]): every session ends at once and
 * answers user_disabled; its media URLs, the URLs its shares' recipients and its albums'
 * visitors and members were handed, its visitor grants and its shares stop, without waiting
 * for the 7 hours a URL may live. Enabling gives back the account and its jobs, but no old
 * session, grant or URL.
 */
describe.each(DIALECTS)('disabling and enabling an account (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let o: ReturnType<typeof operatorClient>;
  let operator: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    o = operatorClient(t);
    operator = await signUp(t.app, { name: 'Olga' });
  });
  afterAll(async () => {
    await t.close();
  });

  const share = async (who: Session, source: string, files: string[]) => {
    const r = await c.send(who, 'POST', '/shares', { payload: { source_job: source, file_uuids: files } });
    expectStatus(r, 200);
    return r.json<CreatedShare>().id;
  };
  const shareUrl = async (who: Who, id: string) => {
    const r = await c.send(who, 'GET', `/shares/${id}`);
    expectStatus(r, 200);
    return r.json<ShareInfo>().thumbFiles[0]?.file_url ?? '';
  };
  const fetched = async (url: string) => (await t.app.inject({ url })).statusCode;

  /** Ulla's timeline photo and share of it, her password album with a member and a visitor's grant. */
  async function ullaWithEverything() {
    const ulla = await signUp(t.app, { name: 'Ulla' });
    const secondDevice = await signIn(t.app, { email: ulla.email, password: ulla.password });
    const timeline = await timelineOf(t.app, ulla);
    const photo = await c.uploaded(ulla, timeline, 'mine.jpg', 4100);
    const ownUrl = (await c.files(ulla, timeline))[0]?.file_url ?? '';
    const shareId = await share(ulla, timeline, [photo]);
    const recipient = await signUp(t.app, { name: 'Rita' });
    const urls = {
      own: ownUrl,
      signedOut: await shareUrl(visitor, shareId),
      signedIn: await shareUrl(recipient, shareId),
    };
    const album = (await c.createShared(ulla, 'Trip')).id;
    await c.uploaded(ulla, album, 'trip.jpg', 4200);
    const member = await signUp(t.app, { name: 'Max' });
    expectStatus(await c.subscribe(member, album), 200);
    await c.setPassword(ulla, album, 'secret words');
    const memberUrl = (await c.files(member, album))[0]?.file_url ?? '';
    const grant = (await c.unlock(album, 'secret words')).json<{ grant: string }>().grant;
    const withGrant: Who = { visitor: true, grant };
    const visitorUrl = (await c.files(withGrant, album))[0]?.file_url ?? '';
    for (const url of [...Object.values(urls), memberUrl, visitorUrl]) expect(await fetched(url)).toBe(200);
    return { ulla, secondDevice, shareId, recipient, album, member, withGrant, urls, memberUrl, visitorUrl };
  }

  it('ends every session, media URL, share, grant and album of the account at once', async () => {
    const u = await ullaWithEverything();
    const missingShare = await c.send(visitor, 'GET', '/shares/00000000-0000-4000-8000-000000000000');
    const missingJob = await c.send(u.withGrant, 'GET', '/jobs/00000000-0000-4000-8000-000000000000/files');

    const disabled = await o.ok<AdminUser>(o.disable(operator, u.ulla.userId));
    expect(disabled.state).toBe('disabled');

    // Both devices hear why, at once; every session row is ended.
    for (const device of [u.ulla, u.secondDevice]) {
      const info = await c.send(device, 'GET', '/account_info');
      expect(info.statusCode).toBe(403);
      expect(info.json()).toEqual(terminated);
    }
    const live = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', u.ulla.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    // Sign-in with the right password says the same.
    const login = await startLogin(t.app);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-in',
      headers: { cookie: login.cookie },
      payload: { state: login.state, email: u.ulla.email, password: u.ulla.password },
    });
    expect(signInAgain.json()).toEqual(terminated);

    // Every URL handed out before ends without a restart: hers, her share's recipients',
    // her album's member's and visitor's (they would live up to 7 hours).
    for (const url of [...Object.values(u.urls), u.memberUrl, u.visitorUrl])
      expect(await fetched(url)).toBe(404);
    // Her share and her album answer exactly as missing ids do, grant or membership held.
    const shareNow = await c.send(visitor, 'GET', `/shares/${u.shareId}`);
    expect([shareNow.statusCode, shareNow.body]).toEqual([missingShare.statusCode, missingShare.body]);
    const albumNow = await c.send(u.withGrant, 'GET', `/jobs/${u.album}/files`);
    expect([albumNow.statusCode, albumNow.body]).toEqual([missingJob.statusCode, missingJob.body]);
    expectStatus(await c.send(u.member, 'GET', `/jobs/${u.album}/files`), 404, 'not_found');
    const memberAlbums = await c.send(u.member, 'GET', '/jobs?type=story');
    expect(memberAlbums.body).not.toContain(u.album);
  });

  it('gives the account back on enabling, but no old session, grant or URL', async () => {
    const u = await ullaWithEverything();
    expectStatus(await o.disable(operator, u.ulla.userId), 200);
    const enabled = await o.ok<AdminUser>(o.enable(operator, u.ulla.userId));
    expect(enabled.state).toBe('active');

    // The old token is just ended now: a 401 sends the client to sign in, which works.
    expectStatus(await c.send(u.ulla, 'GET', '/account_info'), 401, 'unauthorized');
    const again = await signIn(t.app, { email: u.ulla.email, password: u.ulla.password });
    expectStatus(await c.send(again, 'GET', '/account_info'), 200);
    // Her share opens again, with new URLs; the old ones stay ended.
    expect(await fetched(await shareUrl(visitor, u.shareId))).toBe(200);
    for (const url of [...Object.values(u.urls), u.memberUrl, u.visitorUrl])
      expect(await fetched(url)).toBe(404);
    // The visitor's grant named the album's old epoch: the password is asked again.
    expectStatus(await c.send(u.withGrant, 'GET', `/jobs/${u.album}/files`), 403, 'password_required');
    expectStatus(await c.send(u.member, 'GET', `/jobs/${u.album}/files`), 200);
  });

  it('refuses an ordinary user, and an operator disabling themselves, as a missing route is refused', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    for (const [who, target] of [
      [user, other.userId],
      [user, user.userId],
      [operator, operator.userId],
    ] as const) {
      const refused = await o.disable(who, target);
      const missing = await o.missingRoute(who, 'POST');
      expect([refused.statusCode, refused.body]).toEqual([missing.statusCode, missing.body]);
    }
    expectStatus(await c.send(other, 'GET', '/account_info'), 200);
    expectStatus(await c.send(operator, 'GET', '/account_info'), 200);
    // A missing account reads the same.
    const nobody = await o.disable(operator, '00000000-0000-4000-8000-000000000000');
    expectStatus(nobody, 404, 'not_found');
  });

  it('writes who disabled and enabled whom, and when, to the audit log', async () => {
    const user = await signUp(t.app);
    // After every entry the tests before wrote.
    t.clock.advance(60_000);
    expectStatus(await o.disable(operator, user.userId), 200);
    // Disabling twice changes nothing and writes nothing.
    expectStatus(await o.disable(operator, user.userId), 200);
    t.clock.advance(60_000);
    expectStatus(await o.enable(operator, user.userId), 200);
    const { entries } = await o.ok<{
      entries: { actor: string; action: string; target_label: string; at: number }[];
    }>(c.send(operator, 'GET', '/admin/audit?limit=2'));
    const at = Math.floor(t.clock.now() / 1000);
    expect(entries).toEqual([
      expect.objectContaining({ actor: operator.email, action: 'user.enable', target_label: user.email, at }),
      expect.objectContaining({
        actor: operator.email,
        action: 'user.disable',
        target_label: user.email,
        at: at - 60,
      }),
    ]);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(2);
  });
});
