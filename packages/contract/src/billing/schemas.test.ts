import { describe, expect, test } from 'vitest';
import {
  CreateCustomerBody,
  isActionRequired,
  PurchaseResponse,
  StripePaymentMethod,
  StripeProductsResponse,
  type StripeSubscriptionInfo,
} from './schemas.ts';

const product = { id: 'price_100_m', size_gb: 100, price: 4900, currency: 'NOK', period: 'monthly' };
const subscription: StripeSubscriptionInfo = {
  subscriptionId: 'sub_1',
  activeProduct: { ...product, period: 'monthly' },
  upcomingProduct: null,
  status: 'active',
  current_period_end: 1_800_000_000,
  cancel_at_period_end: false,
  trial_end: null,
  credit: 0,
  currency: 'NOK',
};

describe('billing wire shapes (spec 001 §7)', () => {
  test('products: size in GB, price in minor units, period monthly or yearly', () => {
    expect(StripeProductsResponse.safeParse({ products: [product], trial_months: 2 }).success).toBe(true);
    const bad = [
      { ...product, price: 49.5 },
      { ...product, period: 'unknown' },
      { ...product, currency: 'nok' },
    ];
    for (const p of bad)
      expect(StripeProductsResponse.safeParse({ products: [p], trial_months: 0 }).success).toBe(false);
  });

  test('a card has four last digits and a month 1 to 12', () => {
    expect(
      StripePaymentMethod.safeParse({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }).success,
    ).toBe(true);
    expect(
      StripePaymentMethod.safeParse({ brand: 'visa', last4: '424', exp_month: 13, exp_year: 30 }).success,
    ).toBe(false);
  });

  test('create_customer needs a name and a valid email', () => {
    expect(CreateCustomerBody.safeParse({ name: 'Ada', email: 'ada@example.com' }).success).toBe(true);
    expect(CreateCustomerBody.safeParse({ name: '', email: 'not-an-address' }).success).toBe(false);
  });

  test('a purchase answer with status means action is required (spec 001 §4)', () => {
    const action = PurchaseResponse.parse({
      status: 'requires_action',
      subscription_id: 'sub_1',
      client_secret: 'pi_1_secret',
    });
    expect(isActionRequired(action)).toBe(true);
    const switched = PurchaseResponse.parse({ subscription });
    expect(isActionRequired(switched)).toBe(false);
  });
});
