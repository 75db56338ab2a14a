import { describe, expect, it } from 'vitest';
import { fixture, refusal, useStripeFake } from './stripe-fake.test-support.ts';

/** fetchCustomerState over the loopback server: the whole state a webhook sync stores. */

const fake = useStripeFake();

describe('StripeProvider.fetchCustomerState', () => {
  it('fetchCustomerState: credit from the negative balance, the default card, the subscription and its upcoming plan', async () => {
    fake.on(
      { method: 'GET', path: '/v1/customers/cus_TroveTest01', body: 'customer-with-card' },
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-scheduled' },
      {
        method: 'GET',
        path: '/v1/prices/price_1No500Monthly',
        body: (fixture('prices-no-500gb-monthly') as unknown as { data: object[] }).data[0],
      },
    );
    const state = await fake.provider().fetchCustomerState('cus_TroveTest01');
    const T = 1_795_000_000_000;
    expect(state).toEqual({
      customerId: 'cus_TroveTest01',
      creditBalance: 1250,
      currency: 'NOK',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      subscription: {
        id: 'sub_1TroveSub',
        status: 'active',
        priceId: 'no-100gb-monthly',
        upcomingPriceId: 'no-500gb-monthly',
        periodStart: T,
        periodEnd: T + 2_592_000_000,
        cancelAtPeriodEnd: false,
        trialEnd: null,
        endedAt: null,
      },
    });
    expect(fake.requests[0]?.query['expand[0]']).toBe('invoice_settings.default_payment_method');
    expect(fake.sent('GET', '/v1/subscriptions')[0]?.query).toEqual({
      customer: 'cus_TroveTest01',
      status: 'all',
      limit: '10',
      'expand[0]': 'data.schedule',
    });
  });

  it('fetchCustomerState: the last ended subscription, a price whose lookup key moved, a deleted customer', async () => {
    const canceled = fixture('subscription-list-canceled') as unknown as {
      data: { items: { data: { price: Record<string, unknown> }[] } }[];
    };
    const price = canceled.data[0]?.items.data[0]?.price;
    if (price) price.lookup_key = null;
    fake.on(
      { method: 'GET', path: '/v1/customers/cus_TroveTest01', body: 'customer' },
      { method: 'GET', path: '/v1/subscriptions', body: canceled },
    );
    const provider = fake.provider();
    const state = await provider.fetchCustomerState('cus_TroveTest01');
    expect(state).toMatchObject({ creditBalance: 0, currency: null, card: null });
    expect(state.subscription).toMatchObject({
      status: 'canceled',
      priceId: 'no-100gb-monthly',
      endedAt: 1_795_086_400_000,
      upcomingPriceId: null,
    });
    fake.on({ method: 'GET', path: '/v1/customers/cus_TroveTest01', body: 'customer-deleted' });
    expect((await refusal(provider.fetchCustomerState('cus_TroveTest01'))).code).toBe('no_such_object');
  });
});
