import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PurchaseResponse,
  StripeConfigResponse,
  StripeProductsResponse,
  StripeSubscriptionsResponse,
  UserGrantsResponse,
} from '@trove/contract';
import { createTestApp, DIALECTS, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { addCard, BILLING_ENV, call, customerWithCard, purchase } from './billing.test-support.ts';

const GB = 1024 ** 3;
const DAY = 86_400_000;

/**
 * The card and plan calls of spec 001 §7 on the sandbox provider (issue #25), on both
 * databases: what the routes answer is what the synced snapshot and the grant say.
 */
describe.each(DIALECTS)('billing routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: BILLING_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  const grants = async (s: Session) =>
    UserGrantsResponse.parse((await call(t, s, 'GET', '/user_grants')).json()).result.grants;
  const subscriptions = async (s: Session) =>
    StripeSubscriptionsResponse.parse((await call(t, s, 'GET', '/stripe/subscriptions')).json())
      .subscriptions;
  const maxSpace = async (s: Session) =>
    (await t.app.inject({ url: `/st/4/account_info?${s.query}`, headers: s.headers })).json<{
      max_space: number;
    }>().max_space;

  it('answers the config and the brand’s plans, with a trial before the first subscription', async () => {
    const s = await signUp(t.app);
    const config = StripeConfigResponse.parse((await call(t, s, 'GET', '/stripe/config')).json());
    expect(config).toEqual({ provider: 'sandbox', publishable_key: 'pk_sandbox_trove', test_mode: true });
    const products = StripeProductsResponse.parse((await call(t, s, 'GET', '/stripe_products')).json());
    expect(products.products.map((p) => p.id)).toContain('intl-100gb-monthly');
    expect(products.products.every((p) => p.id.startsWith('intl-'))).toBe(true);
    expect(products.trial_months).toBe(1);
    expect((await call(t, s, 'GET', '/stripe_payment_method')).statusCode).toBe(404);
  });

  it('sets up a card, buys a plan with a trial, and the grant raises max_space', async () => {
    const s = await customerWithCard(t);
    expect((await call(t, s, 'GET', '/stripe/customer_exists')).json()).toEqual({ exists: true });
    // Idempotent per user: a second create keeps the customer.
    expect(
      (
        await call(t, s, 'POST', '/stripe/create_customer', {
          payload: { name: 'A', email: 'a@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, s, 'GET', '/stripe_payment_method')).json()).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    const before = await maxSpace(s);
    const bought = await purchase(t, s, 'POST', 'intl-100gb-monthly');
    expect(bought.statusCode).toBe(200);
    const body = PurchaseResponse.parse(bought.json());
    expect(body).toMatchObject({
      subscription: { status: 'trialing', activeProduct: { id: 'intl-100gb-monthly' } },
    });
    expect(await maxSpace(s)).toBe(before + 100 * GB);
    const [grant] = await grants(s);
    expect(grant).toMatchObject({ source: 'stripe', size: 100, stripe_product_id: 'intl-100gb-monthly' });
    expect(grant?._links.cancellation?.href).toMatch(
      /\/st\/4\/stripe\/subscriptions\/sub_[0-9a-f]+\/cancel$/,
    );
    // No second trial, and no second subscription through POST.
    expect(
      StripeProductsResponse.parse((await call(t, s, 'GET', '/stripe_products')).json()).trial_months,
    ).toBe(0);
    expect((await purchase(t, s, 'POST', 'intl-500gb-monthly')).statusCode).toBe(409);
  });

  it('replays a purchase by its key, refuses the key with another body, and charges two concurrent ones once', async () => {
    const s = await customerWithCard(t);
    const first = await purchase(t, s, 'POST', 'intl-100gb-monthly', 'same-key');
    const replay = await purchase(t, s, 'POST', 'intl-100gb-monthly', 'same-key');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await purchase(t, s, 'POST', 'intl-500gb-monthly', 'same-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });

    const u = await customerWithCard(t);
    const both = await Promise.all([
      purchase(t, u, 'POST', 'intl-500gb-monthly', 'race'),
      purchase(t, u, 'POST', 'intl-500gb-monthly', 'race'),
    ]);
    for (const r of both) expect([200, 409]).toContain(r.statusCode);
    expect(both.some((r) => r.statusCode === 200)).toBe(true);
    const customer = await t.database.db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    const subs = await t.database.db
      .selectFrom('sandbox_subscriptions' as never)
      .select('id' as never)
      .where('customer_id' as never, '=', customer.customer_id as never)
      .execute();
    expect(subs).toHaveLength(1);
  });

  it('upgrades now, schedules a smaller plan as upcoming, cancels upcoming, refuses yearly to monthly', async () => {
    const s = await customerWithCard(t);
    await purchase(t, s, 'POST', 'intl-100gb-monthly');
    const up = PurchaseResponse.parse((await purchase(t, s, 'PUT', 'intl-500gb-monthly')).json());
    expect(up).toMatchObject({
      subscription: { activeProduct: { id: 'intl-500gb-monthly' }, status: 'active' },
    });
    const down = PurchaseResponse.parse((await purchase(t, s, 'PUT', 'intl-100gb-monthly')).json());
    expect(down).toMatchObject({
      subscription: {
        activeProduct: { id: 'intl-500gb-monthly' },
        upcomingProduct: { id: 'intl-100gb-monthly' },
      },
    });
    const [sub] = await subscriptions(s);
    const id = sub?.subscriptionId ?? '';
    expect((await call(t, s, 'POST', `/stripe/subscriptions/${id}/cancel_upcoming`)).statusCode).toBe(200);
    expect((await subscriptions(s))[0]?.upcomingProduct).toBeNull();
    expect((await purchase(t, s, 'PUT', 'intl-500gb-yearly')).statusCode).toBe(200);
    const refused = await purchase(t, s, 'PUT', 'intl-1000gb-monthly');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'plan_is_downgrade' } });
    const notOffered = await purchase(t, s, 'PUT', 'no-1000gb-yearly');
    expect(notOffered.json()).toMatchObject({ error: { code: 'plan_not_offered' } });
  });

  it('cancels at the period end and reactivates; another’s subscription is not found', async () => {
    const s = await customerWithCard(t);
    await purchase(t, s, 'POST', 'intl-100gb-yearly');
    const id = (await subscriptions(s))[0]?.subscriptionId ?? '';
    const other = await signUp(t.app);
    expect((await call(t, other, 'POST', `/stripe/subscriptions/${id}/cancel`)).statusCode).toBe(404);
    expect((await call(t, s, 'POST', `/stripe/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    const [canceled] = await grants(s);
    expect(canceled?.renews_at).toBeNull();
    expect(canceled?.expires_at).not.toBeNull();
    expect(canceled?._links.reactivation?.href).toBe(`/st/4/stripe/subscriptions/${id}/reactivate`);
    expect((await call(t, s, 'POST', `/stripe/subscriptions/${id}/reactivate`)).statusCode).toBe(200);
    expect((await grants(s))[0]?._links.cancellation).toBeDefined();
  });

  it('answers a card whose charges fail with requires_payment_method, the plan unchanged', async () => {
    const s = await customerWithCard(t, '4000000000000341');
    // The trial charges nothing; the change is charged now, and refused.
    expect((await purchase(t, s, 'POST', 'intl-100gb-monthly')).statusCode).toBe(200);
    const changed = await purchase(t, s, 'PUT', 'intl-500gb-monthly');
    expect(changed.statusCode).toBe(200);
    expect(PurchaseResponse.parse(changed.json())).toMatchObject({
      status: 'requires_payment_method',
      client_secret: null,
    });
    expect((await subscriptions(s))[0]?.activeProduct?.id).toBe('intl-100gb-monthly');
    // Without a card, a purchase is a clear 4xx too.
    const u = await signUp(t.app);
    await call(t, u, 'POST', '/stripe/create_customer', { payload: { name: 'U', email: 'u@example.com' } });
    const bare = await purchase(t, u, 'POST', 'intl-100gb-monthly');
    expect(bare.statusCode).toBeLessThan(500);
  });

  it('account deletion cancels at the provider and removes the billing, twice without harm', async () => {
    const s = await customerWithCard(t);
    const before = await maxSpace(s);
    await purchase(t, s, 'POST', 'intl-500gb-yearly');
    const [sub] = await subscriptions(s);
    await t.app.billing.hook.cancelForDeletion(s.userId);
    await t.app.billing.hook.cancelForDeletion(s.userId);
    expect(await grants(s)).toEqual([]);
    expect(await maxSpace(s)).toBe(before);
    for (const table of ['billing_customers', 'billing_subscriptions', 'billing_payment_methods'] as const)
      expect(
        await t.database.db.selectFrom(table).select('user_id').where('user_id', '=', s.userId).execute(),
      ).toEqual([]);
    const ended = await t.database.db
      .selectFrom('sandbox_subscriptions' as never)
      .select(['status' as never])
      .where('id' as never, '=', (sub?.subscriptionId ?? '') as never)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'canceled' });
  });

  it('stops the customer flow while the account is being deleted (never 404: no new customer)', async () => {
    const s = await signUp(t.app);
    await t.database.db
      .updateTable('users')
      .set({ deletion_requested_at: t.clock.now() })
      .where('id', '=', s.userId)
      .execute();
    // The sign-in layer refuses such an account first (403); the service's 409 stands behind it.
    expect([403, 409]).toContain((await call(t, s, 'GET', '/stripe/customer_exists')).statusCode);
    const created = await call(t, s, 'POST', '/stripe/create_customer', {
      payload: { name: 'A', email: 'a@example.com' },
    });
    expect([403, 409]).toContain(created.statusCode);
    expect(
      await t.database.db
        .selectFrom('billing_customers')
        .where('user_id', '=', s.userId)
        .select('user_id')
        .execute(),
    ).toEqual([]);
  });

  it('refuses every billing call without a token', async () => {
    const { query } = await signUp(t.app);
    for (const [method, path] of [
      ['GET', '/stripe/config'],
      ['GET', '/stripe_products'],
      ['GET', '/stripe_payment_method'],
      ['DELETE', '/stripe_payment_method'],
      ['GET', '/stripe/customer_exists'],
      ['POST', '/stripe/create_customer'],
      ['POST', '/stripe/create_setup_intent'],
      ['POST', '/stripe/finish_setup_intent'],
      ['GET', '/stripe/subscriptions'],
      ['POST', '/stripe/v1/purchase'],
      ['PUT', '/stripe/v1/purchase'],
      ['POST', '/stripe/subscriptions/sub_x/cancel'],
      ['POST', '/stripe/subscriptions/sub_x/reactivate'],
      ['POST', '/stripe/subscriptions/sub_x/cancel_upcoming'],
      ['POST', '/test/delete_stripe_data'],
      ['POST', '/test/sandbox/clock'],
    ] as const)
      expect(
        (await t.app.inject({ method, url: `/st/4${path}?${query}` })).statusCode,
        `${method} ${path}`,
      ).toBe(401);
  });

  it('the test clock renews, and delete_stripe_data forgets the caller’s billing and its storage', async () => {
    const s = await customerWithCard(t);
    const before = await maxSpace(s);
    await purchase(t, s, 'POST', 'intl-100gb-monthly');
    const [trial] = await subscriptions(s);
    const moved = await call(t, s, 'POST', '/test/sandbox/clock', { payload: { advance_ms: 40 * DAY } });
    expect(moved.statusCode).toBe(200);
    const [renewed] = await subscriptions(s);
    expect(renewed?.status).toBe('active');
    expect(renewed?.current_period_end).toBeGreaterThan(trial?.current_period_end ?? 0);
    expect(await maxSpace(s)).toBe(before + 100 * GB);
    expect((await call(t, s, 'POST', '/test/delete_stripe_data')).json()).toEqual({ ok: true });
    expect(await subscriptions(s)).toEqual([]);
    expect(await grants(s)).toEqual([]);
    expect(await maxSpace(s)).toBe(before);
    expect((await call(t, s, 'GET', '/stripe_payment_method')).statusCode).toBe(404);
    // And starts again from the beginning: a customer, a card, a plan with its trial.
    expect(
      StripeProductsResponse.parse((await call(t, s, 'GET', '/stripe_products')).json()).trial_months,
    ).toBe(1);
    expect((await call(t, s, 'GET', '/stripe/customer_exists')).statusCode).toBe(404);
    await call(t, s, 'POST', '/stripe/create_customer', { payload: { name: 'A', email: 'a@example.com' } });
    await addCard(t, s, '4242424242424242');
    const again = PurchaseResponse.parse((await purchase(t, s, 'POST', 'intl-100gb-monthly')).json());
    expect(again).toMatchObject({ subscription: { status: 'trialing' } });
  });
});
