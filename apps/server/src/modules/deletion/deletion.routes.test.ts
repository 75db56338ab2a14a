import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDeletionResponse } from '@trove/contract';
import { FOREIGN_AUTH_HEADER } from '@trove/contract';
import { createRepositories, createTransact } from '../repositories.ts';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  signIn,
  signUp,
  startLogin,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { createDeletionAdmin, DeletionStartedError, NoDeletionError } from './deletion.admin.ts';

const DAY = 86_400_000;
const visitor: Who = { visitor: true };

/**
 * POST /data_protection/request_account_deletion (spec 001 §4, §7; [Note: Account
 * deletion]): the request signs the account out everywhere and closes whatever it opened to
 * others, at once: tokens, the media URLs handed to its sessions, its albums for their
 * members and visitors (their grants and URLs too), its links and the links others made from
 * its albums. A restore before the job starts opens the account again; what was ended stays
 * ended.
 */
describe.each(DIALECTS)('account deletion request (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const request = (s: Pick<Session, 'query' | 'headers'>, lang = 'nb_NO') =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/data_protection/request_account_deletion?${s.query}&app_lang=${lang}`,
      headers: s.headers,
    });
  const requested = async (s: Session) => {
    const r = await request(s);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<AccountDeletionResponse>();
  };
  const status = async (url: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ url, headers })).statusCode;
  const firstFileUrl = async (who: Who, job: string) => {
    const [file] = await c.files(who, job);
    if (!file) throw new Error('nothing listed');
    return file.file_url;
  };
  const share = (who: Session, job: string, files: string[]) => c.share(who, job, files);
  const opened = (id: string) => c.openShare(id);
  const admin = () =>
    createDeletionAdmin({
      repos: createRepositories(t.database.db),
      transact: createTransact(t.database.db),
      now: t.clock.now,
    });

  it('refuses a caller without a valid token, and changes nothing (deny)', async () => {
    const ann = await signUp(t.app);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/st/4/data_protection/request_account_deletion?${ann.query}`,
    });
    expectStatus(anonymous, 401, 'unauthorized');
    const wrong = clientAuth('not-a-token', ann.deviceId);
    expectStatus(await request(wrong), 401, 'unauthorized');
    // Another device's id with Ann's token is no token either (see [Note: Tokens]).
    expectStatus(await request({ ...ann, query: clientAuth(ann.token, randomUUID()).query }), 401);
    expect(await t.database.db.selectFrom('account_deletions').selectAll().execute()).toEqual([]);
    expectStatus(await c.send(ann, 'GET', '/account_info'), 200);
  });

  it('schedules the deletion after the grace period and signs the account out everywhere (allow)', async () => {
    const ann = await signUp(t.app);
    const laptop = await signIn(t.app, { email: ann.email, password: ann.password });
    const answer = await requested(ann);
    expect(answer).toEqual({
      status: 'scheduled',
      due: Math.floor((t.clock.now() + 7 * DAY) / 1000),
      email: ann.email,
    });
    for (const device of [ann, laptop]) expectStatus(await c.send(device, 'GET', '/account_info'), 401);
    // It signs in nowhere until the job is done: the terminated account's answer.
    const login = await startLogin(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/idp/sign-in',
      headers: { cookie: login.cookie },
      payload: { state: login.state, email: ann.email, password: ann.password },
    });
    expectStatus(signedIn, 403, 'user_disabled');
    const record = await t.database.db
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', ann.userId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ state: 'scheduled', stage: 'billing', locale: 'nb_NO', email: ann.email });
    const item = await t.database.db
      .selectFrom('work_items')
      .selectAll()
      .where('id', '=', record.work_item_id ?? '')
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ kind: 'account_deletion', run_after: record.due_at, state: 'queued' });
  });

  it('ends the media URLs handed to every session of the account', async () => {
    const ann = await signUp(t.app);
    const laptop = await signIn(t.app, { email: ann.email, password: ann.password });
    const timeline = await timelineOf(t.app, ann);
    await c.uploaded(ann, timeline, 'mine.jpg');
    const urls = [await firstFileUrl(ann, timeline), await firstFileUrl(laptop, timeline)];
    for (const url of urls) expect(await status(url)).toBe(200);
    await requested(ann);
    for (const url of urls) expect(await status(url)).toBe(404);
  });

  it('closes its albums to members and visitors, their grants and media URLs too', async () => {
    const ann = await signUp(t.app);
    const bo = await signUp(t.app);
    const open = (await c.createShared(ann, 'Open')).id;
    const locked = (await c.createShared(ann, 'Locked')).id;
    await c.uploaded(ann, open, 'open.jpg');
    await c.uploaded(ann, locked, 'locked.jpg');
    expectStatus(await c.subscribe(bo, open), 200);
    await c.setPassword(ann, locked, 'secret words');
    const unlocked = await c.unlock(locked, 'secret words');
    expectStatus(unlocked, 200);
    const grant: Who = { visitor: true, grant: unlocked.json<{ grant: string }>().grant };
    const urls = [
      await firstFileUrl(bo, open),
      await firstFileUrl(visitor, open),
      await firstFileUrl(grant, locked),
    ];
    for (const url of urls) expect(await status(url)).toBe(200);
    expect((await c.send(bo, 'GET', '/jobs')).body).toContain(open);

    await requested(ann);
    for (const url of urls) expect(await status(url)).toBe(404);
    for (const [who, job] of [
      [bo, open],
      [visitor, open],
      [grant, locked],
    ] as const) {
      expectStatus(await c.send(who, 'GET', `/jobs/${job}/files`), 404, 'not_found');
      expectStatus(await c.info(who, job), 404, 'not_found');
    }
    expectStatus(await c.unlock(locked, 'secret words'), 404, 'not_found');
    expect((await c.send(bo, 'GET', '/jobs')).body).not.toContain(open);
  });

  it('stops its links and the links others made from its albums, with their media URLs', async () => {
    const ann = await signUp(t.app);
    const bo = await signUp(t.app);
    const timeline = await timelineOf(t.app, ann);
    const photo = await c.uploaded(ann, timeline, 'linked.jpg');
    const album = (await c.createShared(ann, 'Trip')).id;
    expectStatus(await c.subscribe(bo, album), 200);
    const inAlbum = await c.uploaded(ann, album, 'trip.jpg');
    const hers = await share(ann, timeline, [photo]);
    const his = await share(bo, album, [inAlbum]);
    const urls: string[] = [];
    for (const id of [hers, his]) urls.push((await opened(id))?.thumbFiles[0]?.file_url ?? '');
    for (const url of urls) expect(await status(url)).toBe(200);

    await requested(ann);
    expect(await opened(hers)).toBeNull();
    expect(await opened(his)).toBeNull();
    for (const url of urls) expect(await status(url)).toBe(404);
    // Bo's share stopped as its maker would stop it, with its record.
    const bos = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', his)
      .executeTakeFirstOrThrow();
    expect(bos.deleted_at).toBe(t.clock.now());
    const last = await t.database.db
      .selectFrom('job_events')
      .select(['type', 'payload'])
      .where('job_id', '=', his)
      .orderBy('serial', 'desc')
      .executeTakeFirstOrThrow();
    expect([last.type, JSON.parse(last.payload)]).toEqual([11, { event: 'stopped' }]);
  });

  it('a restore before the job starts opens the account again; what was ended stays ended', async () => {
    const ann = await signUp(t.app);
    const bo = await signUp(t.app);
    const timeline = await timelineOf(t.app, ann);
    const photo = await c.uploaded(ann, timeline, 'kept.jpg');
    const album = (await c.createShared(ann, 'Locked')).id;
    await c.uploaded(ann, album, 'locked.jpg');
    expectStatus(await c.subscribe(bo, album), 200);
    await c.setPassword(ann, album, 'secret words');
    const grant = (await c.unlock(album, 'secret words')).json<{ grant: string }>().grant;
    const link = await share(ann, timeline, [photo]);
    // A link made before shares recorded their source (migration 0012) is stopped all the same.
    const oldLink = await share(ann, timeline, [photo]);
    await t.database.db.updateTable('jobs').set({ source_job_id: null }).where('id', '=', oldLink).execute();
    const oldUrl = await firstFileUrl(ann, timeline);
    const { work_item_id } = await (async () => {
      await requested(ann);
      return t.database.db
        .selectFrom('account_deletions')
        .select('work_item_id')
        .where('user_id', '=', ann.userId)
        .executeTakeFirstOrThrow();
    })();

    expect(await admin().restore(ann.email)).toBe(ann.userId);
    expect(
      await t.database.db
        .selectFrom('work_items')
        .select('id')
        .where('id', '=', work_item_id ?? '')
        .execute(),
    ).toEqual([]);
    const back = await signIn(t.app, { email: ann.email, password: ann.password });
    expect(await c.files(back, timeline)).toHaveLength(1);
    expectStatus(await c.send(bo, 'GET', `/jobs/${album}/files`), 200);
    // The old grant and URL ended with the request: a visitor needs the password again.
    expectStatus(
      await c.send({ visitor: true, grant }, 'GET', `/jobs/${album}/files`),
      403,
      'password_required',
    );
    expect(await status(oldUrl)).toBe(404);
    expect(await opened(link)).toBeNull();
    expect(await opened(oldLink)).toBeNull();
    await expect(admin().restore(ann.email)).rejects.toThrow(NoDeletionError);
  });

  it('cannot restore a deletion whose job has started', async () => {
    const ann = await signUp(t.app);
    await requested(ann);
    await t.database.db
      .updateTable('account_deletions')
      .set({ state: 'running' })
      .where('user_id', '=', ann.userId)
      .execute();
    await expect(admin().restore(ann.userId)).rejects.toThrow(DeletionStartedError);
    expect((await admin().listOpen()).map((row) => row.user_id)).toContain(ann.userId);
    // The header a visitor sends does not matter to a user route: still no token, still 401.
    const withGrant = await t.app.inject({
      method: 'POST',
      url: `/st/4/data_protection/request_account_deletion?${ann.query}`,
      headers: { [FOREIGN_AUTH_HEADER]: 'g1.0.1.x' },
    });
    expectStatus(withGrant, 401);
  });
});
