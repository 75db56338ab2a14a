import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_REFUSED_CHANNEL } from '../../access/session-revocations.ts';
import { buildApp } from '../../app.ts';
import { createRedisEventBus } from '../../events/redis-event-bus.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signIn,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../../test/redis.ts';

/** See [Note: Media URLs]: a URL lives no longer than the session it was handed to. */
describe.each(DIALECTS)('media urls end with their session (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The original's URL as this session's file listing hands it out. */
  async function fileUrl(s: Session, job: string): Promise<string> {
    const listed = await t.app.inject({ url: `/st/4/jobs/${job}/files?${s.query}`, headers: s.headers });
    const [file] = listed.json<{ files: { file_url: string }[] }>().files;
    if (!file) throw new Error('nothing listed');
    return file.file_url;
  }

  async function withPhoto() {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    expect((await uploadFile(t.app, user, job, { path: 'a.jpg', content: fakeJpeg() })).statusCode).toBe(200);
    return { user, job };
  }

  const status = async (url: string) => (await t.app.inject({ url })).statusCode;

  it('logout revokes the urls the session was given; other sessions keep theirs', async () => {
    const { user, job } = await withPhoto();
    const laptop = await signIn(t.app, { email: user.email, password: user.password });
    const mine = await fileUrl(user, job);
    const laptops = await fileUrl(laptop, job);
    expect(await status(mine)).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: `/st/4/logout?${user.query}`,
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await status(mine)).toBe(404);
    expect(await status(laptops)).toBe(200);
  });

  it('removing a device revokes the urls it was given', async () => {
    const { user, job } = await withPhoto();
    const phone = await signIn(t.app, { email: user.email, password: user.password });
    const phones = await fileUrl(phone, job);
    expect(await status(phones)).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/st/4/devices/${phone.deviceId}?${user.query}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await status(phones)).toBe(404);
    expect(await status(await fileUrl(user, job))).toBe(200);
  });

  it('signing in again on a device revokes the urls of the session it replaces', async () => {
    const { user, job } = await withPhoto();
    const old = await fileUrl(user, job);
    await signIn(t.app, { email: user.email, password: user.password, deviceId: user.deviceId });
    expect(await status(old)).toBe(404);
  });

  it('revocations survive a restart: the revoked set is filled from the database', async () => {
    const { user, job } = await withPhoto();
    const url = await fileUrl(user, job);
    await t.app.inject({ method: 'POST', url: `/st/4/logout?${user.query}`, headers: user.headers });
    await t.restart();
    expect(await status(url)).toBe(404);
  });

  it('accepts the expiry only in its one canonical spelling', async () => {
    const { user, job } = await withPhoto();
    const url = await fileUrl(user, job);
    expect(await status(url)).toBe(200);
    const exp = /[?&]exp=(\d+)/.exec(url)?.[1] ?? '';
    for (const spelling of [`0${exp}`, `${exp}.0`, `${exp.slice(0, -3)}e3`, `+${exp}`, ` ${exp}`]) {
      const respelled = url.replace(`exp=${exp}`, `exp=${encodeURIComponent(spelling)}`);
      expect(await status(respelled), spelling).toBe(404);
    }
  });
});

describe('media url revocation across processes', () => {
  useTestRedis('Cross-process revocation tests');

  it('a second server on the same database and Redis refuses a url once the first logged it out', async () => {
    const prefix = `trove-test:${randomBytes(6).toString('hex')}:`;
    const busA = createRedisEventBus(TEST_REDIS_URL, { prefix });
    const busB = createRedisEventBus(TEST_REDIS_URL, { prefix });
    const a = await createTestApp('postgres', { deps: { bus: busA } });
    // Same database, data folder (so the same URL key) and clock: a second process.
    const b = await buildApp({
      config: a.config,
      database: a.database,
      bus: busB,
      now: a.clock.now,
      logger: false,
    });
    try {
      const user = await signUp(a.app);
      const job = await timelineOf(a.app, user);
      await uploadFile(a.app, user, job, { path: 'a.jpg', content: fakeJpeg() });
      const listed = await a.app.inject({
        url: `/st/4/jobs/${job}/files?${user.query}`,
        headers: user.headers,
      });
      const url = listed.json<{ files: { file_url: string }[] }>().files[0]?.file_url ?? '';
      expect((await b.inject({ url })).statusCode).toBe(200);

      // B's own handler subscribed first, so it has run once this one runs.
      const heard = new Promise<void>((resolve) => {
        const off = busB.subscribe(SESSIONS_REFUSED_CHANNEL, () => {
          off();
          resolve();
        });
      });
      await busB.ready();
      await a.app.inject({ method: 'POST', url: `/st/4/logout?${user.query}`, headers: user.headers });
      await heard;
      expect((await b.inject({ url })).statusCode).toBe(404);
    } finally {
      await b.close();
      await a.close();
      await busA.close();
      await busB.close();
    }
  });
});
