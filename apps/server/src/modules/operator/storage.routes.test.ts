import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStorage, AdminUser } from '@trove/contract';
import { DIALECTS, createTestApp, type TestApp } from '../../test/harness.ts';
import { createBillingRepository } from '../billing/billing.repository.ts';
import { comparable, operatorAndUser, operatorClient } from './operator.test-support.ts';

const GB = 2 ** 30;

/**
 * Issue #25's operator area: an account's storage, grants given and ended, and read-only,
 * through the same writes as `trove admin grant|end-grant|read-only`, each with its audit entry.
 */
describe.each(DIALECTS)('the operator area of storage (%s)', (dialect) => {
  let t: TestApp;
  let o: ReturnType<typeof operatorClient>;
  let people: Awaited<ReturnType<typeof operatorAndUser>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    o = operatorClient(t);
    people = await operatorAndUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a grant, shows it with the grown maximum, and ends it (allow)', async () => {
    const { operator, user } = people;
    const before = await o.ok<AdminStorage>(o.send(operator, 'GET', `/admin/users/${user.userId}/storage`));
    expect(before.grants).toEqual([]);
    expect(before.space_override).toBeNull();
    expect(before.user.max_space).toBe(before.base_quota);

    const expires = Math.floor(t.clock.now() / 1000) + 86_400;
    const given = await o.ok<AdminStorage>(
      o.send(operator, 'POST', `/admin/users/${user.userId}/grants`, {
        payload: { source: 'customer_service', size_gb: 5, expires_at: expires },
      }),
    );
    expect(given.user.max_space).toBe(before.base_quota + 5 * GB);
    expect(given.grants).toHaveLength(1);
    const grant = given.grants[0];
    expect(grant).toMatchObject({
      source: 'customer_service',
      size: 5,
      expires_at: expires,
      live: true,
      ended_at: null,
    });

    const ended = await o.ok<AdminStorage>(o.send(operator, 'POST', `/admin/grants/${grant?.id ?? ''}/end`));
    expect(ended.user.max_space).toBe(before.base_quota);
    expect(ended.grants[0]).toMatchObject({ id: grant?.id, live: false });
    expect(ended.grants[0]?.ended_at).toBeTypeOf('number');
    // Ending it again: no live grant has that id.
    expect((await o.send(operator, 'POST', `/admin/grants/${grant?.id ?? ''}/end`)).statusCode).toBe(404);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', user.userId)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['grant.create', 'grant.end']);
  });

  it('makes an account read-only and writable again (allow)', async () => {
    const { operator, user } = people;
    const ro = await o.ok<AdminUser>(
      o.send(operator, 'POST', `/admin/users/${user.userId}/read_only`, { payload: { read_only: true } }),
    );
    expect(ro.state).toBe('read_only');
    const back = await o.ok<AdminUser>(
      o.send(operator, 'POST', `/admin/users/${user.userId}/read_only`, { payload: { read_only: false } }),
    );
    expect(back.state).toBe('active');
  });

  it("shows the plan as billing last synced it, the card's display fields, and why read-only (allow)", async () => {
    const { operator, user } = people;
    const none = await o.ok<AdminStorage>(o.send(operator, 'GET', `/admin/users/${user.userId}/storage`));
    expect(none).toMatchObject({
      subscription: null,
      card: null,
      read_only: { operator: false, billing: false },
    });

    const billing = createBillingRepository(t.database.db);
    const at = t.clock.now();
    await billing.putCard(user.userId, { brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2034 }, at);
    await billing.putSubscription({
      user_id: user.userId,
      subscription_id: 'sub_admin',
      status: 'canceled',
      plan_id: 'intl-500gb-monthly',
      upcoming_plan_id: null,
      period_start: at - 30 * 86_400_000,
      period_end: at,
      cancel_at_period_end: 0,
      trial_end: null,
      ended_at: at,
      credit: 0,
      ended_unpaid: 1,
      currency: 'EUR',
      synced_at: at,
    });
    await billing.setBillingReadOnly(user.userId, true);
    const seen = await o.ok<AdminStorage>(o.send(operator, 'GET', `/admin/users/${user.userId}/storage`));
    expect(seen.subscription).toEqual({
      plan_id: 'intl-500gb-monthly',
      status: 'canceled',
      period_end: Math.floor(at / 1000),
      cancel_at_period_end: false,
      ended_unpaid: true,
    });
    expect(seen.card).toEqual({ brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2034 });
    expect(seen.read_only).toEqual({ operator: false, billing: true });
    expect(seen.user.state).toBe('read_only');
    // Storage given that makes what is stored fit lifts billing's read-only at once.
    const given = await o.ok<AdminStorage>(
      o.send(operator, 'POST', `/admin/users/${user.userId}/grants`, {
        payload: { source: 'customer_service', size_gb: 1 },
      }),
    );
    expect(given.read_only).toEqual({ operator: false, billing: false });
    expect(given.user.state).toBe('active');
  });

  it('answers 404 for a missing account and 400 for a bad body', async () => {
    const { operator, user } = people;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await o.send(operator, 'GET', `/admin/users/${missing}/storage`)).statusCode).toBe(404);
    const grant = { payload: { source: 'other', size_gb: 1 } };
    expect((await o.send(operator, 'POST', `/admin/users/${missing}/grants`, grant)).statusCode).toBe(404);
    const readOnly = { payload: { read_only: true } };
    expect((await o.send(operator, 'POST', `/admin/users/${missing}/read_only`, readOnly)).statusCode).toBe(
      404,
    );
    expect((await o.send(operator, 'POST', `/admin/grants/${missing}/end`)).statusCode).toBe(404);
    for (const payload of [
      { source: 'gift', size_gb: 1 },
      { source: 'other', size_gb: 0 },
      { source: 'other', size_gb: 100_000 },
      { source: 'other', size_gb: 1, expires_at: Math.floor(t.clock.now() / 1000) - 60 },
    ])
      expect(
        (await o.send(operator, 'POST', `/admin/users/${user.userId}/grants`, { payload })).statusCode,
      ).toBe(400);
    const bad = await o.send(operator, 'POST', `/admin/users/${user.userId}/read_only`, { payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a user who is not an operator as a missing route, whatever they send (deny)', async () => {
    const { operator, user } = people;
    const given = await o.ok<AdminStorage>(
      o.send(operator, 'POST', `/admin/users/${operator.userId}/grants`, {
        payload: { source: 'other', size_gb: 1 },
      }),
    );
    const grantId = given.grants[0]?.id ?? '';
    const get = comparable(await o.missingRoute(user, 'GET'));
    const post = comparable(await o.missingRoute(user, 'POST'));
    expect(comparable(await o.send(user, 'GET', `/admin/users/${operator.userId}/storage`))).toEqual(get);
    for (const payload of [{ source: 'other', size_gb: 1 }, { nonsense: true }])
      expect(
        comparable(await o.send(user, 'POST', `/admin/users/${user.userId}/grants`, { payload })),
      ).toEqual(post);
    expect(comparable(await o.send(user, 'POST', `/admin/grants/${grantId}/end`))).toEqual(post);
    expect(
      comparable(
        await o.send(user, 'POST', `/admin/users/${user.userId}/read_only`, { payload: { read_only: 'x' } }),
      ),
    ).toEqual(post);
    const still = await o.ok<AdminStorage>(
      o.send(operator, 'GET', `/admin/users/${operator.userId}/storage`),
    );
    expect(still.grants[0]?.live).toBe(true);
  });
});
