import { randomUUID } from 'node:crypto';
import { StripeSubscriptionsResponse } from '@trove/contract';
import type { LightMyRequestResponse } from 'fastify';
import { addCard, call, purchase, sandboxOf } from '../modules/billing/billing.test-support.ts';
import type { Session, TestApp } from '../test/harness.ts';
import type { AccountRoute, Prepared, RouteRequest } from './route-shapes.test-data.ts';

/*
 * The account matrix's map of the caller's own plan and card (spec 001 §7 the stripe calls,
 * issue #25): nothing here names another account. Most calls answer 2xx only once the caller
 * has something of their own (a customer, a card, a plan): each such route's `prepare` makes
 * it for an allowed caller through the routes, as the web client does, starting from nothing
 * each time, since the cast's accounts are shared by every route of the matrix. The test-only
 * calls (POST /test/delete_stripe_data, /test/sandbox/clock) exist only with TEST_ROUTES, which
 * the matrix's app does not set: modules/billing/billing.routes.test.ts covers them.
 */

/** Plans of the catalogue the test app sells on its host's brand (intl). */
const SMALL_PLAN = 'intl-100gb-monthly';
const BIG_PLAN = 'intl-500gb-monthly';

function must(response: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (response.statusCode < 200 || response.statusCode >= 300)
    throw new Error(`preparing ${what}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`);
  return response;
}

/** No billing at the provider nor here, as POST /test/delete_stripe_data leaves it. */
async function fromScratch(t: TestApp, s: Session): Promise<Partial<Prepared>> {
  await t.app.billing.hook.cancelForDeletion(s.userId);
  return {};
}

async function withCustomer(t: TestApp, s: Session): Promise<Partial<Prepared>> {
  await fromScratch(t, s);
  must(
    await call(t, s, 'POST', '/stripe/create_customer', {
      payload: { name: 'Matrix', email: 'matrix@example.com' },
    }),
    'a customer',
  );
  return {};
}

async function withCard(t: TestApp, s: Session): Promise<Partial<Prepared>> {
  await withCustomer(t, s);
  await addCard(t, s, '4242424242424242');
  return {};
}

/** Changes the caller's plan (PUT) or buys one (POST), with a key of its own. */
const buy = async (t: TestApp, s: Session, method: 'POST' | 'PUT', plan: string) =>
  must(await purchase(t, s, method, plan), `${method} ${plan}`);

/** A card and a live subscription to `plan`, its trial running. */
async function withPlan(t: TestApp, s: Session, plan = SMALL_PLAN): Promise<Partial<Prepared>> {
  await withCard(t, s);
  await buy(t, s, 'POST', plan);
  const { subscriptions } = StripeSubscriptionsResponse.parse(
    must(await call(t, s, 'GET', '/stripe/subscriptions'), 'the subscription').json(),
  );
  const subscription = subscriptions[0]?.subscriptionId;
  if (subscription === undefined) throw new Error('preparing a plan: no subscription');
  return { subscription };
}

const purchaseOf =
  (plan: string): (() => RouteRequest) =>
  () => ({
    headers: { 'idempotency-key': randomUUID() },
    payload: { plan },
  });
const bySubscription = { id: (input: { own: Prepared }) => input.own.subscription };

/** Every route of the caller's own plan and card (the account matrix runs each /st/4/stripe* route). */
export const BILLING_ROUTES: Record<string, AccountRoute> = {
  'GET /st/4/stripe/config': { action: 'manageBilling' },
  'GET /st/4/stripe_products': { action: 'manageBilling' },
  'GET /st/4/stripe/subscriptions': { action: 'manageBilling' },
  'POST /st/4/stripe/create_customer': {
    action: 'manageBilling',
    prepare: fromScratch,
    request: () => ({ payload: { email: 'a@example.com', name: 'A' } }),
    invalid: { payload: { email: 'not an address' } },
  },
  'GET /st/4/stripe/customer_exists': { action: 'manageBilling', prepare: withCustomer },
  'POST /st/4/stripe/create_setup_intent': { action: 'manageBilling', prepare: withCustomer },
  'POST /st/4/stripe/finish_setup_intent': {
    action: 'manageBilling',
    // A setup intent of the caller's customer, confirmed with a card in the sandbox (Stripe.js's part).
    prepare: async (t, s) => {
      await withCustomer(t, s);
      const intent = must(await call(t, s, 'POST', '/stripe/create_setup_intent'), 'a setup intent');
      const { client_secret: secret, id } = intent.json<{ client_secret: string; id: string }>();
      await sandboxOf(t).confirmSetupIntent(secret, {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      });
      return { setupIntent: id };
    },
    request: (input) => ({ payload: { setup_intent_id: input.own.setupIntent } }),
    invalid: { payload: {} },
  },
  'GET /st/4/stripe_payment_method': { action: 'manageBilling', prepare: withCard },
  'DELETE /st/4/stripe_payment_method': { action: 'manageBilling', prepare: withCard },
  'POST /st/4/stripe/v1/purchase': {
    action: 'manageBilling',
    prepare: withCard,
    request: purchaseOf(SMALL_PLAN),
    invalid: { payload: { plan: 42 } },
  },
  // A bigger plan: an upgrade, charged now (spec 001 §4).
  'PUT /st/4/stripe/v1/purchase': {
    action: 'manageBilling',
    prepare: (t, s) => withPlan(t, s, SMALL_PLAN),
    request: purchaseOf(BIG_PLAN),
    invalid: { payload: { plan: 42 } },
  },
  'POST /st/4/stripe/subscriptions/:id/cancel': {
    action: 'manageBilling',
    prepare: withPlan,
    params: bySubscription,
  },
  'POST /st/4/stripe/subscriptions/:id/reactivate': {
    action: 'manageBilling',
    prepare: async (t, s) => {
      const prepared = await withPlan(t, s);
      must(
        await call(t, s, 'POST', `/stripe/subscriptions/${prepared.subscription ?? ''}/cancel`),
        'a canceled plan',
      );
      return prepared;
    },
    params: bySubscription,
  },
  // A smaller plan waits for the period's end as the upcoming one (spec 001 §4).
  'POST /st/4/stripe/subscriptions/:id/cancel_upcoming': {
    action: 'manageBilling',
    prepare: async (t, s) => {
      const prepared = await withPlan(t, s, BIG_PLAN);
      const { subscription } = (await buy(t, s, 'PUT', SMALL_PLAN)).json<{
        subscription?: { upcomingProduct: { id: string } | null };
      }>();
      if (subscription?.upcomingProduct?.id !== SMALL_PLAN)
        throw new Error('preparing an upcoming plan: none was scheduled');
      return prepared;
    },
    params: bySubscription,
  },
};
