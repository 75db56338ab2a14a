import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PurchaseResponse, StripeSubscriptionsResponse, UserGrantsResponse } from '@trove/contract';
import {
  DIALECTS,
  LASTING_SIGN_IN_ENV,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const DAY = 86_400_000;

/**
 * The card and plan calls of spec 001 §7 on the sandbox provider (issue #25), on both
 * databases: a customer, a card through a setup intent (the sandbox's confirm stands in for
 * stripe.js), a purchase with an Idempotency-Key, the grant it gives, cancel and reactivate.
 */
describe.each(DIALECTS)('billing routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ...LASTING_SIGN_IN_ENV, TEST_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    s: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url: `/st/4${path}?${s.query}`,
      headers: { ...s.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload !== undefined && { payload }),
    });

  /** A signed-up user with a customer and the card `number` as its default. */
  async function withCard(number = '4242424242424242'): Promise<Session> {
    const s = await signUp(t.app);
    expect((await call(s, 'GET', '/stripe/customer_exists')).statusCode).toBe(404);
    const created = await call(s, 'POST', '/stripe/create_customer', { email: 'a@example.com', name: 'A' });
    expect(created.statusCode).toBe(200);
    expect(
      (await call(s, 'POST', '/stripe/create_customer', { email: 'a@example.com', name: 'A' })).statusCode,
    ).toBe(200);
    expect((await call(s, 'GET', '/stripe/customer_exists')).statusCode).toBe(200);
    const intent = (await call(s, 'POST', '/stripe/create_setup_intent')).json<{
      client_secret: string;
      id: string;
    }>();
    const sandbox = t.app.billing.payments?.sandbox;
    if (!sandbox) throw new Error('the test app runs the sandbox');
    await sandbox.confirmSetupIntent(intent.client_secret, {
      number,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const finished = await call(s, 'POST', '/stripe/finish_setup_intent', { setup_intent_id: intent.id });
    expect(finished.statusCode, finished.body).toBe(200);
    return s;
  }

  const grantsOf = async (s: Session) =>
    UserGrantsResponse.parse((await call(s, 'GET', '/user_grants')).json()).result.grants;

  it('says which provider runs and lists the brand’s plans with a first trial', async () => {
    const s = await signUp(t.app);
    expect((await call(s, 'GET', '/stripe/config')).json()).toMatchObject({
      provider: 'sandbox',
      test_mode: true,
    });
    const products = (await call(s, 'GET', '/stripe_products')).json<{
      products: { id: string }[];
      trial_months: number;
    }>();
    expect(products.products.length).toBeGreaterThan(0);
    expect(products.products.every((p) => p.id.startsWith('intl-'))).toBe(true);
    expect(products.trial_months).toBe(1);
    expect((await call(s, 'GET', '/stripe_payment_method')).statusCode).toBe(404);
  });

  it('buys a plan once per Idempotency-Key, gives its grant, and cancels and reactivates it', async () => {
    const s = await withCard();
    expect((await call(s, 'GET', '/stripe_payment_method')).json()).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    expect((await call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' })).statusCode).toBe(
      400,
    );
    // Another brand's plan is not on sale here.
    const foreign = await call(s, 'POST', '/stripe/v1/purchase', { plan: 'no-100gb-monthly' }, 'k0');
    expect(foreign.json()).toMatchObject({ error: { code: 'plan_not_offered' } });

    const [first, second] = await Promise.all([
      call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' }, 'k1'),
      call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' }, 'k1'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // Two at once with one key: one buys; the other waits its turn (409) or replays the answer.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const bought = PurchaseResponse.parse(first.statusCode === 200 ? first.json() : second.json());
    if (!('subscription' in bought)) throw new Error('expected a subscription');
    expect(bought.subscription.status).toBe('trialing');
    const replay = await call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' }, 'k1');
    expect(replay.json()).toEqual(bought);
    const reused = await call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-500gb-monthly' }, 'k1');
    expect(reused.statusCode).toBe(422);

    const subs = StripeSubscriptionsResponse.parse((await call(s, 'GET', '/stripe/subscriptions')).json());
    expect(subs.subscriptions).toHaveLength(1);
    const id = bought.subscription.subscriptionId;
    const [grant] = await grantsOf(s);
    expect(grant).toMatchObject({ source: 'stripe', stripe_product_id: 'intl-100gb-monthly' });
    expect(grant?._links.cancellation?.href).toBe(
      `/st/4/stripe/subscriptions/${encodeURIComponent(id)}/cancel`,
    );

    // Another user's subscription id is not found.
    const other = await withCard();
    expect((await call(other, 'POST', `/stripe/subscriptions/${id}/cancel`)).statusCode).toBe(404);

    expect((await call(s, 'POST', `/stripe/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    const canceled = (await grantsOf(s))[0];
    expect(canceled?.renews_at).toBeNull();
    expect(canceled?._links.reactivation?.href).toBe(
      `/st/4/stripe/subscriptions/${encodeURIComponent(id)}/reactivate`,
    );
    expect((await call(s, 'POST', `/stripe/subscriptions/${id}/reactivate`)).statusCode).toBe(200);
    expect((await grantsOf(s))[0]?.renews_at).not.toBeNull();

    // A yearly plan is never followed by a monthly one (spec 001 §5 PLAN_IS_DOWNGRADE).
    const up = await call(s, 'PUT', '/stripe/v1/purchase', { plan: 'intl-500gb-yearly' }, 'k2');
    expect(up.statusCode, up.body).toBe(200);
    expect((await grantsOf(s))[0]?.stripe_product_id).toBe('intl-500gb-yearly');
    const down = await call(s, 'PUT', '/stripe/v1/purchase', { plan: 'intl-1000gb-monthly' }, 'k3');
    expect(down.json()).toMatchObject({ error: { code: 'plan_is_downgrade' } });
  });

  it('answers a declined card with a 402 and its code, never a 500', async () => {
    const s = await withCard('4000000000000341');
    // No trial for a second subscription: the first charge is now, and it fails.
    const first = await call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' }, 'a');
    expect(first.statusCode, first.body).toBeLessThan(500);
  });

  it('moves the sandbox clock and deletes the caller’s billing data (test routes)', async () => {
    const s = await withCard();
    expect(
      (await call(s, 'POST', '/stripe/v1/purchase', { plan: 'intl-100gb-monthly' }, 'x')).statusCode,
    ).toBe(200);
    const clock = await call(s, 'POST', '/test/sandbox/clock', { advance_ms: 40 * DAY });
    expect(clock.statusCode, clock.body).toBe(200);
    const subs = StripeSubscriptionsResponse.parse((await call(s, 'GET', '/stripe/subscriptions')).json());
    expect(subs.subscriptions[0]?.status).toBe('active');
    expect((await call(s, 'POST', '/test/delete_stripe_data')).statusCode).toBe(200);
    expect(await grantsOf(s)).toEqual([]);
    expect((await call(s, 'GET', '/stripe/customer_exists')).statusCode).toBe(404);
  });
});
