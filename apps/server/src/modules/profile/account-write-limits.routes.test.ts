import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PROFILE_WRITE_LIMITS } from './profile.service.ts';
import { CLIENT_STATS_LIMIT } from '../privacy/privacy.service.ts';
import {
  DIALECTS,
  createTestApp,
  multipart,
  signUp,
  tinyPng,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

/*
 * The per-account write limits of issue #24 ([Note: Quotas]): profile pictures, account
 * attributes and client stats, each allowed up to its limit, then 429 with Retry-After for
 * that account only, and allowed again once the window ends.
 */
describe.each(DIALECTS)('account write limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (s: Session) => {
    const body = multipart({}, { filename: 'profile.png', content: tinyPng() });
    return t.app.inject({
      method: 'POST',
      url: `/st/4/profile/picture?path=profile.jpg&${s.query}`,
      payload: body.payload,
      headers: { ...body.headers, ...s.headers },
    });
  };
  const setAttribute = (s: Session, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({
      method,
      url: `/st/4/account_attribute?account_attribute_key=k&${s.query}`,
      headers: s.headers,
      ...(method === 'POST' ? { payload: { value: 'v' } } : {}),
    });
  const postStats = (s: Session) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/client_stats?${s.query}`,
      headers: s.headers,
      payload: { stats: { screen_width: 390 } },
    });

  /** Sends `limit` calls that must pass, then one that must be refused with a wait. */
  async function expectLimit(send: () => Promise<LightMyRequestResponse>, limit: number, ok: number) {
    for (let i = 0; i < limit; i++) expect((await send()).statusCode).toBe(ok);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('profile picture uploads: allowed up to the limit, then 429 for that account only', async () => {
    const user = await signUp(t.app, { name: 'Una' });
    const other = await signUp(t.app, { name: 'Otto' });
    await expectLimit(() => upload(user), PROFILE_WRITE_LIMITS.picture.limit, 201);
    expect((await upload(other)).statusCode).toBe(201);
    t.clock.advance(PROFILE_WRITE_LIMITS.picture.windowMs + 1000);
    expect((await upload(user)).statusCode).toBe(201);
  });

  it('account attribute writes (set and delete count alike): allowed, then 429', async () => {
    const user = await signUp(t.app, { name: 'Ada' });
    const other = await signUp(t.app, { name: 'Bo' });
    const limit = PROFILE_WRITE_LIMITS.attribute.limit;
    for (let i = 0; i < limit / 2; i++) expect((await setAttribute(user, 'DELETE')).statusCode).toBe(200);
    await expectLimit(() => setAttribute(user), limit / 2, 200);
    expect((await setAttribute(user, 'DELETE')).statusCode).toBe(429);
    // Reading is no write.
    expect(
      (
        await t.app.inject({
          url: `/st/4/account_attribute?account_attribute_key=k&${user.query}`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await setAttribute(other)).statusCode).toBe(200);
  });

  it('client stats: allowed up to the limit, then 429 for that account only', async () => {
    const user = await signUp(t.app, { name: 'Cy' });
    const other = await signUp(t.app, { name: 'Di' });
    await expectLimit(() => postStats(user), CLIENT_STATS_LIMIT.limit, 200);
    expect((await postStats(other)).statusCode).toBe(200);
  });
});
