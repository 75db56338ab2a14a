import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED_QUOTA_THRESHOLD, UserGrantsResponse } from '@trove/contract';
import {
  DIALECTS,
  clientAuth,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { commandLineActor } from '../operator/actor.ts';
import { createRepositories, createTransact } from '../repositories.ts';
import { createGrantWrites } from './grants.service.ts';

const GB = 1024 ** 3;
const DAY = 86_400_000;

/**
 * Storage grants (issue #25; spec 001 §3, §7 GET /user_grants, §9): users.max_space is the base
 * quota plus the live grants, changed in the transaction of the grant, on both databases.
 */
describe.each(DIALECTS)('grants (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const service = () =>
    createGrantWrites({
      grants: createRepositories(t.database.db).grants,
      transact: createTransact(t.database.db),
      baseQuotaBytes: t.config.BASE_QUOTA_BYTES,
      now: t.clock.now,
    });
  const cli = commandLineActor('root');
  const maxSpace = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('max_space')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).max_space;
  const accountMax = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers })).json<{
      max_space: number;
    }>().max_space;
  const grantsOf = async (s: Session) => {
    const response = await t.app.inject({ url: `/st/4/user_grants?${s.query}`, headers: s.headers });
    expect(response.statusCode).toBe(200);
    return UserGrantsResponse.parse(response.json()).result.grants;
  };

  it('lists the caller’s own live grants, never another’s, and refuses a signed-out call', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    expect(await grantsOf(owner)).toEqual([]);
    const { grant } = await service().grant(cli, {
      userId: owner.userId,
      source: 'customer_service',
      sizeGb: 100,
      expiresAt: t.clock.now() + 30 * DAY,
    });
    expect(await grantsOf(owner)).toEqual([
      {
        id: grant.id,
        source: 'customer_service',
        size: 100,
        renews_at: null,
        expires_at: new Date(t.clock.now() + 30 * DAY).toISOString(),
        stripe_product_id: null,
        _links: {},
      },
    ]);
    expect(await grantsOf(other)).toEqual([]);
    const anonymous = await t.app.inject({
      url: `/st/4/user_grants?${clientAuth('x', owner.deviceId).query}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds live grants to the base quota, and drops them when ended or expired', async () => {
    const user = await signUp(t.app);
    const base = t.config.BASE_QUOTA_BYTES;
    // No grant: the base quota, as before grants existed.
    expect(await maxSpace(user.userId)).toBeNull();
    expect(await accountMax(user)).toBe(base);
    const lasting = await service().grant(cli, {
      userId: user.userId,
      source: 'b2b',
      sizeGb: 50,
      expiresAt: null,
    });
    expect(lasting.maxSpace).toBe(base + 50 * GB);
    await service().grant(cli, {
      userId: user.userId,
      source: 'other',
      sizeGb: 2,
      expiresAt: t.clock.now() + DAY,
    });
    expect(await accountMax(user)).toBe(base + 52 * GB);
    // Past its expiry a grant no longer counts, in the list at once and in max_space after the sweep.
    t.clock.advance(DAY);
    expect((await grantsOf(user)).map((g) => g.size)).toEqual([50]);
    expect(await service().sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await accountMax(user)).toBe(base + 50 * GB);
    expect(await service().sweepExpired()).toBe(0);
    expect((await service().end(cli, lasting.grant.id))?.id).toBe(lasting.grant.id);
    // Ending twice finds nothing; the account is back on the base quota.
    expect(await service().end(cli, lasting.grant.id)).toBeUndefined();
    expect(await maxSpace(user.userId)).toBeNull();
    expect(await grantsOf(user)).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('target_id', '=', user.userId)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['grant.create', 'grant.create', 'grant.end']);
    expect(audit[0]?.actor_label).toBe('cli:root');
  });

  it('reaches unlimited storage at 1000 GB (spec 001 §9)', async () => {
    const user = await signUp(t.app);
    const { maxSpace: max } = await service().grant(cli, {
      userId: user.userId,
      source: 'b2b',
      sizeGb: 1000,
      expiresAt: null,
    });
    expect(max).toBeGreaterThanOrEqual(UNLIMITED_QUOTA_THRESHOLD);
  });

  it('keeps the operator’s limit over base and grants until it is removed', async () => {
    const user = await signUp(t.app);
    const grants = createRepositories(t.database.db).grants;
    expect(await grants.setOverride(user.userId, 1000, t.config.BASE_QUOTA_BYTES, t.clock.now())).toBe(1000);
    await service().grant(cli, { userId: user.userId, source: 'other', sizeGb: 1, expiresAt: null });
    expect(await accountMax(user)).toBe(1000);
    await grants.setOverride(user.userId, null, t.config.BASE_QUOTA_BYTES, t.clock.now());
    expect(await accountMax(user)).toBe(t.config.BASE_QUOTA_BYTES + GB);
  });
});
