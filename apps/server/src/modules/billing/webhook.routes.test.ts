import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../payments/webhook-signature.ts';
import { createTestApp, DIALECTS, type Session, type TestApp } from '../../test/harness.ts';
import { BILLING_ENV, call, customerWithCard, purchase } from './billing.test-support.ts';

/**
 * POST /st/4/stripe/webhook (issue #25; RESEARCH-ACCOUNT-PAYMENTS §1.3 point 7) with the
 * sandbox's real signed events: a duplicate is answered and dropped, a bad signature or a
 * changed byte is refused, and any order of the events gives the same state.
 */
describe.each(DIALECTS)('stripe webhook (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: BILLING_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const secret = async () =>
    (
      await db()
        .selectFrom('billing_settings')
        .select('value')
        .where('key', '=', 'sandbox_webhook_secret')
        .executeTakeFirstOrThrow()
    ).value;
  const sandboxNow = () => t.app.billing.payments?.clock?.now() ?? 0;
  const post = (body: string | Buffer, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/st/4/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  /** The customer's events as the sandbox sent them (their bodies, in order). */
  const eventsOf = async (s: Session) => {
    const { customer_id: customerId } = await db()
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    const rows = await db()
      .selectFrom('sandbox_events' as never)
      .select(['id' as never, 'payload' as never])
      .where('customer_id' as never, '=', customerId as never)
      .orderBy('created_at' as never)
      .execute();
    return (rows as unknown as { id: string; payload: string }[]).map((r) => r.payload);
  };
  /** What the sync stored for the user: snapshot, card, grant and max_space. */
  const stateOf = async (s: Session) => ({
    subscription: await db()
      .selectFrom('billing_subscriptions')
      .select([
        'subscription_id',
        'status',
        'plan_id',
        'upcoming_plan_id',
        'period_end',
        'cancel_at_period_end',
      ])
      .where('user_id', '=', s.userId)
      .executeTakeFirst(),
    card: await db()
      .selectFrom('billing_payment_methods')
      .select(['brand', 'last4'])
      .where('user_id', '=', s.userId)
      .executeTakeFirst(),
    grants: await db()
      .selectFrom('grants')
      .select(['id', 'size_bytes', 'renews_at', 'expires_at', 'ended_at'])
      .where('user_id', '=', s.userId)
      .execute(),
    maxSpace: (
      await db().selectFrom('users').select('max_space').where('id', '=', s.userId).executeTakeFirstOrThrow()
    ).max_space,
  });
  /** Forgets what the sync stored and which events it saw, as if no webhook had come. */
  const forget = async (s: Session) => {
    await db().deleteFrom('billing_subscriptions').where('user_id', '=', s.userId).execute();
    await db().deleteFrom('billing_payment_methods').where('user_id', '=', s.userId).execute();
    await db().deleteFrom('grants').where('user_id', '=', s.userId).execute();
    await db().updateTable('users').set({ max_space: null }).where('id', '=', s.userId).execute();
    await db().deleteFrom('billing_events').execute();
  };

  it('reaches the same state whatever the order of the events, and drops duplicates', async () => {
    const s = await customerWithCard(t);
    await purchase(t, s, 'POST', 'intl-100gb-monthly');
    await purchase(t, s, 'PUT', 'intl-500gb-monthly');
    const id = (
      await db()
        .selectFrom('billing_subscriptions')
        .select('subscription_id')
        .where('user_id', '=', s.userId)
        .executeTakeFirstOrThrow()
    ).subscription_id;
    await call(t, s, 'POST', `/stripe/subscriptions/${id}/cancel`);
    // The sandbox delivered its events to the same handler in-process, signatures checked.
    const received = await db().selectFrom('billing_events').select('type').execute();
    expect(received.map((e) => e.type)).toContain('customer.subscription.created');
    const expected = await stateOf(s);
    expect(expected.subscription?.cancel_at_period_end).toBe(1);
    const events = await eventsOf(s);
    expect(events.length).toBeGreaterThan(3);
    const key = await secret();
    for (const order of [[...events].reverse(), [...events.slice(2), ...events.slice(0, 2)], events]) {
      await forget(s);
      for (const body of order) {
        const r = await post(body, signWebhook(body, key, sandboxNow()));
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual({ received: true, duplicate: false });
      }
      expect(await stateOf(s)).toEqual({ ...expected, grants: expected.grants });
      // The same event again: answered, not handled.
      const again = await post(order[0] ?? '', signWebhook(order[0] ?? '', key, sandboxNow()));
      expect(again.json()).toEqual({ received: true, duplicate: true });
    }
  });

  it('refuses a bad signature, a changed byte, a stale replay, and no signature', async () => {
    const s = await customerWithCard(t);
    const [body = ''] = await eventsOf(s);
    const key = await secret();
    expect((await post(body, signWebhook(body, 'whsec_wrong', sandboxNow()))).statusCode).toBe(400);
    const changed = Buffer.from(body);
    changed[changed.length - 2] = changed[changed.length - 2] === 0x20 ? 0x21 : 0x20;
    expect((await post(changed, signWebhook(body, key, sandboxNow()))).statusCode).toBe(400);
    expect((await post(body, signWebhook(body, key, sandboxNow() - 3_600_000))).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/st/4/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    // The good one still goes through once.
    await db().deleteFrom('billing_events').execute();
    expect((await post(body, signWebhook(body, key, sandboxNow()))).json()).toEqual({
      received: true,
      duplicate: false,
    });
  });
});
