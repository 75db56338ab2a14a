import type { Grant, StripeProduct, StripeSubscriptionInfo } from '@trove/contract';

/*
 * Answers of the billing calls for the storage screens' tests (contract shapes of
 * packages/contract/src/billing/schemas.ts and grants.ts).
 */

/** A plan of the catalogue. */
export function aProduct(overrides: Partial<StripeProduct> = {}): StripeProduct {
  return { id: 'p-100-m', size_gb: 100, price: 2900, currency: 'NOK', period: 'monthly', ...overrides };
}

/** 100 GB and 1000 GB, monthly and yearly, and a 500 GB monthly-only plan (not offered, §5). */
export const PRODUCTS: StripeProduct[] = [
  aProduct(),
  aProduct({ id: 'p-100-y', period: 'yearly', price: 29000 }),
  aProduct({ id: 'p-500-m', size_gb: 500, price: 6900 }),
  aProduct({ id: 'p-1000-m', size_gb: 1000, price: 9950 }),
  aProduct({ id: 'p-1000-y', size_gb: 1000, period: 'yearly', price: 99900 }),
];

/** A live subscription on `product`. */
export function aSubscription(overrides: Partial<StripeSubscriptionInfo> = {}): StripeSubscriptionInfo {
  return {
    subscriptionId: 'sub_1',
    activeProduct: aProduct(),
    upcomingProduct: null,
    status: 'active',
    current_period_end: Date.UTC(2027, 0, 15) / 1000,
    cancel_at_period_end: false,
    trial_end: null,
    credit: 0,
    currency: 'NOK',
    ...overrides,
  };
}

/** The grant of a subscription, with its cancellation link. */
export function aStripeGrant(overrides: Partial<Grant> = {}): Grant {
  return {
    id: 'stripe:sub_1',
    source: 'stripe',
    size: 100,
    renews_at: '2027-01-15T00:00:00.000Z',
    expires_at: null,
    stripe_product_id: 'p-100-m',
    _links: { cancellation: { href: '/st/4/stripe/subscriptions/sub_1/cancel', method: 'POST' } },
    ...overrides,
  };
}

/** The routes of a signed-in user with `subscriptions` and `grants`, sandbox provider. */
export function billingRoutes({
  subscriptions = [],
  grants = [],
}: { subscriptions?: StripeSubscriptionInfo[]; grants?: Grant[] } = {}) {
  return {
    'GET /st/4/stripe/config': {
      body: { provider: 'sandbox', publishable_key: 'pk_sandbox_test', test_mode: true },
    },
    'GET /st/4/stripe_products': { body: { products: PRODUCTS, trial_months: 1 } },
    'GET /st/4/stripe/subscriptions': { body: { subscriptions } },
    'GET /st/4/user_grants': { body: { result: { grants } } },
  };
}
