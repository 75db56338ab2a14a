import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from './client.ts';
import { fixture, refusal, useStripeFake, TEST_SECRET_KEY } from './stripe-fake.test-support.ts';

/**
 * The Stripe provider against the loopback server (stripe-fake.test-support.ts): each test
 * asserts the requests as Stripe receives them (form fields, expand[], idempotency key, pinned
 * version) and the mapping of Stripe's answers to the interface's types.
 */

const fake = useStripeFake();

const SUB = '/v1/subscriptions/sub_1TroveSub';
const priceRoutes = () => {
  fake.on(
    {
      method: 'GET',
      path: '/v1/prices',
      query: { 'lookup_keys[0]': 'no-100gb-monthly' },
      body: 'prices-no-100gb-monthly',
    },
    {
      method: 'GET',
      path: '/v1/prices',
      query: { 'lookup_keys[0]': 'no-100gb-yearly' },
      body: 'prices-no-100gb-yearly',
    },
    {
      method: 'GET',
      path: '/v1/prices',
      query: { 'lookup_keys[0]': 'no-500gb-monthly' },
      body: 'prices-no-500gb-monthly',
    },
  );
};

describe('StripeProvider requests and mapping', () => {
  it('ensureCustomer searches by metadata.userId, then creates with trove:cust:{userId}', async () => {
    fake.on(
      { method: 'GET', path: '/v1/customers/search', body: 'customer-search-empty' },
      { method: 'POST', path: '/v1/customers', body: 'customer' },
    );
    const provider = fake.provider();
    expect(
      await provider.ensureCustomer({ userId: 'u_ada', email: 'ada@example.com', name: 'Ada Lovelace' }),
    ).toEqual({
      customerId: 'cus_TroveTest01',
    });
    const [search] = fake.sent('GET', '/v1/customers/search');
    expect(search?.query.query).toBe("metadata['userId']:'u_ada'");
    const [create] = fake.sent('POST', '/v1/customers');
    expect(create?.form).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      'metadata[userId]': 'u_ada',
    });
    expect(create?.headers['idempotency-key']).toBe('trove:cust:u_ada');
    expect(create?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    for (const r of fake.requests) {
      expect(r.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(r.headers.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
    }
  });

  it('ensureCustomer finds a customer whose row was lost and makes no second one', async () => {
    fake.on({ method: 'GET', path: '/v1/customers/search', body: 'customer-search-found' });
    const provider = fake.provider();
    expect(
      (await provider.ensureCustomer({ userId: "u_o'brien", email: 'o@example.com', name: 'O' })).customerId,
    ).toBe('cus_TroveTest01');
    expect(fake.requests[0]?.query.query).toBe("metadata['userId']:'u_o\\'brien'");
    expect(fake.sent('POST', '/v1/customers')).toHaveLength(0);
  });

  it('createSetupIntent asks for a card for off-session use, with the caller key', async () => {
    fake.on({ method: 'POST', path: '/v1/setup_intents', body: 'setup-intent-created' });
    const provider = fake.provider();
    expect(await provider.createSetupIntent('cus_TroveTest01', 'trove:si:1')).toEqual({
      id: 'seti_1TroveSetup',
      clientSecret: 'seti_1TroveSetup_secret_Q2xpZW50U2VjcmV0',
    });
    const [r] = fake.requests;
    expect(r?.form).toEqual({
      customer: 'cus_TroveTest01',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(r?.headers['idempotency-key']).toBe('trove:si:1');
  });

  it('finishSetupIntent checks the intent, makes its card the default and returns brand, last4, expiry only', async () => {
    fake.on(
      { method: 'GET', path: '/v1/setup_intents/seti_1TroveSetup', body: 'setup-intent-succeeded' },
      { method: 'POST', path: '/v1/customers/cus_TroveTest01', body: 'customer-with-card' },
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-empty' },
    );
    const provider = fake.provider();
    expect(await provider.finishSetupIntent('cus_TroveTest01', 'seti_1TroveSetup')).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(fake.requests[0]?.query['expand[0]']).toBe('payment_method');
    expect(fake.sent('POST', '/v1/customers/cus_TroveTest01')[0]?.form).toEqual({
      'invoice_settings[default_payment_method]': 'pm_1TroveVisa',
    });
    expect(fake.sent('GET', '/v1/subscriptions')[0]?.query).toMatchObject({ status: 'past_due' });
  });

  it("finishSetupIntent refuses another customer's intent (as missing) and one not succeeded", async () => {
    fake.on({ method: 'GET', path: '/v1/setup_intents/seti_1TroveSetup', body: 'setup-intent-succeeded' });
    const provider = fake.provider();
    expect((await refusal(provider.finishSetupIntent('cus_Other', 'seti_1TroveSetup'))).code).toBe(
      'no_such_object',
    );
    fake.on({ method: 'GET', path: '/v1/setup_intents/seti_1TroveSetup', body: 'setup-intent-created' });
    const notYet = await refusal(provider.finishSetupIntent('cus_TroveTest01', 'seti_1TroveSetup'));
    expect([notYet.code, notYet.message]).toEqual([
      'invalid_request',
      'The setup intent is requires_payment_method.',
    ]);
    expect(fake.sent('POST', /customers/)).toHaveLength(0);
  });

  it('detachCard clears the default and detaches the card; nothing to do without one', async () => {
    fake.on(
      { method: 'GET', path: '/v1/customers/cus_TroveTest01', body: 'customer-with-card' },
      { method: 'POST', path: '/v1/customers/cus_TroveTest01', body: 'customer' },
      { method: 'POST', path: '/v1/payment_methods/pm_1TroveVisa/detach', body: 'payment-method-detached' },
    );
    const provider = fake.provider();
    await provider.detachCard('cus_TroveTest01');
    expect(fake.sent('POST', '/v1/customers/cus_TroveTest01')[0]?.form).toEqual({
      'invoice_settings[default_payment_method]': '',
    });
    expect(fake.sent('POST', '/v1/payment_methods/pm_1TroveVisa/detach')).toHaveLength(1);
    fake.on({ method: 'GET', path: '/v1/customers/cus_TroveTest01', body: 'customer' });
    await provider.detachCard('cus_TroveTest01');
    expect(fake.sent('POST', /detach/)).toHaveLength(1);
  });

  it('createSubscription resolves the plan id by lookup key (cached), charges at once, maps active', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-empty' },
      { method: 'POST', path: '/v1/subscriptions', body: 'subscription-active' },
    );
    const provider = fake.provider();
    const a = { customerId: 'cus_TroveTest01', priceId: 'no-100gb-monthly', key: 'trove:purchase:1' };
    expect(await provider.createSubscription(a)).toEqual({
      status: 'active',
      subscriptionId: 'sub_1TroveSub',
    });
    expect(fake.sent('GET', '/v1/prices')[0]?.query).toEqual({
      'lookup_keys[0]': 'no-100gb-monthly',
      active: 'true',
      limit: '1',
    });
    const [create] = fake.sent('POST', '/v1/subscriptions');
    expect(create?.form).toEqual({
      customer: 'cus_TroveTest01',
      'items[0][price]': 'price_1No100Monthly',
      payment_behavior: 'allow_incomplete',
      'metadata[trove_key]': 'trove:purchase:1',
      'metadata[trove_plan]': 'no-100gb-monthly',
      'expand[0]': 'latest_invoice.payments',
    });
    expect(create?.headers['idempotency-key']).toBe('trove:purchase:1');
    await provider.createSubscription({ ...a, key: 'trove:purchase:2' });
    expect(fake.sent('GET', '/v1/prices')).toHaveLength(1);
  });

  it('createSubscription with a trial sends trial_period_days and is active (trialing)', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-empty' },
      { method: 'POST', path: '/v1/subscriptions', body: 'subscription-trialing' },
    );
    const result = await fake.provider().createSubscription({
      customerId: 'cus_TroveTest01',
      priceId: 'no-100gb-monthly',
      trialDays: 30,
      key: 'k',
    });
    expect(result.status).toBe('active');
    expect(fake.sent('POST', '/v1/subscriptions')[0]?.form.trial_period_days).toBe('30');
  });

  it('3-D Secure: requires_action with the payment intent client secret', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-empty' },
      { method: 'POST', path: '/v1/subscriptions', body: 'subscription-incomplete-3ds' },
      { method: 'GET', path: '/v1/payment_intents/pi_1Trove3ds', body: 'payment-intent-3ds' },
    );
    expect(
      await fake
        .provider()
        .createSubscription({ customerId: 'cus_TroveTest01', priceId: 'no-100gb-monthly', key: 'k' }),
    ).toEqual({
      status: 'requires_action',
      subscriptionId: 'sub_1TroveSub',
      clientSecret: 'pi_1Trove3ds_secret_M2RzQ2xpZW50',
    });
  });

  it('a declined first payment: requires_payment_method with the decline code', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-empty' },
      { method: 'POST', path: '/v1/subscriptions', body: 'subscription-incomplete-declined' },
      { method: 'GET', path: '/v1/payment_intents/pi_1TroveDeclined', body: 'payment-intent-declined' },
    );
    expect(
      await fake
        .provider()
        .createSubscription({ customerId: 'cus_TroveTest01', priceId: 'no-100gb-monthly', key: 'k' }),
    ).toEqual({
      status: 'requires_payment_method',
      subscriptionId: 'sub_1TroveSub',
      declineCode: 'insufficient_funds',
    });
  });

  it('an abandoned incomplete purchase is canceled by a new one; a live subscription refuses it', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-incomplete' },
      { method: 'DELETE', path: '/v1/subscriptions/sub_1TroveOld', body: 'subscription-canceled' },
      { method: 'POST', path: '/v1/subscriptions', body: 'subscription-active' },
    );
    const provider = fake.provider();
    const a = { customerId: 'cus_TroveTest01', priceId: 'no-100gb-monthly', key: 'k2' };
    expect((await provider.createSubscription(a)).status).toBe('active');
    expect(fake.sent('DELETE', '/v1/subscriptions/sub_1TroveOld')).toHaveLength(1);
    fake.on({ method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-active' });
    const refused = await refusal(provider.createSubscription(a));
    expect([refused.code, refused.message]).toEqual([
      'invalid_request',
      'The customer already has a subscription.',
    ]);
    // The same purchase retried (same key) goes to Stripe, which answers as the first time.
    expect((await provider.createSubscription({ ...a, key: 'k1' })).status).toBe('active');
  });

  it('previewChange asks for the invoice of a change made now and maps it to a quote', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: SUB, body: 'subscription-plain' },
      { method: 'POST', path: '/v1/invoices/create_preview', body: 'invoice-preview-upgrade' },
    );
    const now = 1_795_864_000_000;
    const quote = await fake
      .provider({ now: () => now })
      .previewChange({ subscriptionId: 'sub_1TroveSub', priceId: 'no-100gb-yearly' });
    const T = 1_795_000_000;
    expect(quote).toEqual({
      currency: 'NOK',
      amountDue: 26567,
      credit: 1933,
      creditLeft: 0,
      periodStart: (T + 86400 * 10) * 1000,
      periodEnd: (T + 86400 * 375) * 1000,
    });
    expect(fake.sent('POST', '/v1/invoices/create_preview')[0]?.form).toEqual({
      customer: 'cus_TroveTest01',
      subscription: 'sub_1TroveSub',
      'subscription_details[items][0][id]': 'si_TroveItem1',
      'subscription_details[items][0][price]': 'price_1No100Yearly',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[billing_cycle_anchor][type]': 'now',
      'subscription_details[proration_date]': String(now / 1000),
    });
  });

  it('a downgrade preview leaves the negative total as credit (spec 001 §4)', async () => {
    fake.on(
      { method: 'GET', path: '/v1/prices', body: 'prices-no-100gb-monthly' },
      { method: 'GET', path: SUB, body: { ...fixture('subscription-plain'), ...upgradedItems() } },
      { method: 'POST', path: '/v1/invoices/create_preview', body: 'invoice-preview-downgrade' },
    );
    fake.on({
      method: 'GET',
      path: '/v1/prices',
      query: { 'lookup_keys[0]': 'no-500gb-monthly' },
      body: 'prices-no-500gb-monthly',
    });
    const quote = await fake
      .provider()
      .previewChange({ subscriptionId: 'sub_1TroveSub', priceId: 'no-100gb-monthly' });
    expect(quote).toMatchObject({ amountDue: 0, credit: 5000, creditLeft: 2100 });
  });

  it("changeSubscription now: Ente's parameters, the key, and active once paid", async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: SUB, body: 'subscription-plain' },
      { method: 'POST', path: SUB, body: 'subscription-updated' },
    );
    const result = await fake.provider().changeSubscription({
      subscriptionId: 'sub_1TroveSub',
      priceId: 'no-100gb-yearly',
      timing: 'now',
      key: 'trove:change:1',
    });
    expect(result).toEqual({ status: 'active', subscriptionId: 'sub_1TroveSub' });
    const [update] = fake.sent('POST', SUB);
    expect(update?.form).toEqual({
      'items[0][id]': 'si_TroveItem1',
      'items[0][price]': 'price_1No100Yearly',
      proration_behavior: 'always_invoice',
      'billing_cycle_anchor[type]': 'now',
      payment_behavior: 'pending_if_incomplete',
      'expand[0]': 'latest_invoice.payments',
    });
    expect(update?.headers['idempotency-key']).toBe('trove:change:1');
  });

  it('a declined change voids its invoice (the plan stays as it was) and reports the decline', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: SUB, body: 'subscription-plain' },
      { method: 'POST', path: SUB, body: 'subscription-pending-update' },
      { method: 'GET', path: '/v1/payment_intents/pi_1TroveDeclined', body: 'payment-intent-declined' },
      { method: 'POST', path: '/v1/invoices/in_1TroveUpgrade/void', body: 'invoice-voided' },
    );
    const result = await fake.provider().changeSubscription({
      subscriptionId: 'sub_1TroveSub',
      priceId: 'no-100gb-yearly',
      timing: 'now',
      key: 'k',
    });
    expect(result).toEqual({
      status: 'requires_payment_method',
      subscriptionId: 'sub_1TroveSub',
      declineCode: 'insufficient_funds',
    });
    expect(fake.sent('POST', '/v1/invoices/in_1TroveUpgrade/void')).toHaveLength(1);
  });

  it('changeSubscription at the period end writes a two-phase schedule released at its end', async () => {
    priceRoutes();
    fake.on(
      { method: 'GET', path: SUB, body: 'subscription-plain' },
      { method: 'POST', path: '/v1/subscription_schedules', body: 'subscription-schedule' },
      {
        method: 'POST',
        path: '/v1/subscription_schedules/sub_sched_1Trove',
        body: 'subscription-schedule-two-phases',
      },
    );
    const result = await fake.provider().changeSubscription({
      subscriptionId: 'sub_1TroveSub',
      priceId: 'no-500gb-monthly',
      timing: 'period_end',
      key: 'trove:change:2',
    });
    expect(result).toEqual({ status: 'active', subscriptionId: 'sub_1TroveSub' });
    const [create] = fake.sent('POST', '/v1/subscription_schedules');
    expect(create?.form).toEqual({ from_subscription: 'sub_1TroveSub' });
    expect(create?.headers['idempotency-key']).toBe('trove:change:2:schedule');
    const T = 1_795_000_000;
    expect(fake.sent('POST', '/v1/subscription_schedules/sub_sched_1Trove')[0]?.form).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': 'price_1No100Monthly',
      'phases[0][items][0][quantity]': '1',
      'phases[0][start_date]': String(T),
      'phases[0][end_date]': String(T + 2_592_000),
      'phases[1][items][0][price]': 'price_1No500Monthly',
      'phases[1][items][0][quantity]': '1',
      'phases[1][duration][interval]': 'month',
      'phases[1][duration][interval_count]': '1',
    });
  });

  it('refuses yearly → monthly, the same plan and a canceled subscription before any change', async () => {
    priceRoutes();
    const provider = fake.provider();
    fake.on({
      method: 'GET',
      path: SUB,
      body: { ...fixture('subscription-plain'), ...upgradedItems('yearly') },
    });
    const yearly = await refusal(
      provider.changeSubscription({
        subscriptionId: 'sub_1TroveSub',
        priceId: 'no-100gb-monthly',
        timing: 'now',
        key: 'k',
      }),
    );
    expect(yearly.message).toBe('A yearly plan cannot be switched to a monthly one.');
    fake.on({ method: 'GET', path: SUB, body: 'subscription-plain' });
    const same = await refusal(
      provider.previewChange({ subscriptionId: 'sub_1TroveSub', priceId: 'no-100gb-monthly' }),
    );
    expect(same.message).toBe('The subscription already has this price.');
    fake.on({ method: 'GET', path: SUB, body: 'subscription-canceled' });
    expect((await refusal(provider.setCancelAtPeriodEnd('sub_1TroveSub', true))).message).toBe(
      'The subscription is canceled.',
    );
    expect(fake.sent('POST', SUB)).toHaveLength(0);
  });

  it('setCancelAtPeriodEnd sets the flag, and does nothing when it already has it', async () => {
    fake.on(
      { method: 'GET', path: SUB, body: 'subscription-plain' },
      { method: 'POST', path: SUB, body: { ...fixture('subscription-plain'), cancel_at_period_end: true } },
    );
    const provider = fake.provider();
    await provider.setCancelAtPeriodEnd('sub_1TroveSub', true);
    expect(fake.sent('POST', SUB)[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    await provider.setCancelAtPeriodEnd('sub_1TroveSub', false);
    expect(fake.sent('POST', SUB)).toHaveLength(1);
  });

  it('releaseScheduledChange releases the schedule; without one it does nothing', async () => {
    fake.on(
      { method: 'GET', path: SUB, body: { ...fixture('subscription-plain'), schedule: 'sub_sched_1Trove' } },
      {
        method: 'POST',
        path: '/v1/subscription_schedules/sub_sched_1Trove/release',
        body: 'subscription-schedule-released',
      },
    );
    const provider = fake.provider();
    await provider.releaseScheduledChange('sub_1TroveSub');
    expect(fake.sent('POST', /release$/)).toHaveLength(1);
    fake.on({ method: 'GET', path: SUB, body: 'subscription-plain' });
    await provider.releaseScheduledChange('sub_1TroveSub');
    expect(fake.sent('POST', /release$/)).toHaveLength(1);
  });

  it('cancelNowAndDeleteCustomer cancels what runs, deletes the customer, and a missing customer is success', async () => {
    fake.on(
      { method: 'GET', path: '/v1/subscriptions', body: 'subscription-list-active' },
      { method: 'DELETE', path: SUB, body: 'subscription-canceled' },
      { method: 'DELETE', path: '/v1/customers/cus_TroveTest01', body: 'customer-deleted' },
    );
    const provider = fake.provider();
    await provider.cancelNowAndDeleteCustomer('cus_TroveTest01');
    expect(fake.sent('DELETE', SUB)[0]?.query).toEqual({ invoice_now: 'false', prorate: 'false' });
    expect(fake.sent('DELETE', '/v1/customers/cus_TroveTest01')).toHaveLength(1);
    fake.on({ method: 'GET', path: '/v1/subscriptions', status: 404, body: 'error-resource-missing' });
    await expect(provider.cancelNowAndDeleteCustomer('cus_Gone')).resolves.toBeUndefined();
  });
});

/** The subscription fixture on the 100 GB yearly price (or 500 GB monthly) instead. */
function upgradedItems(which: 'yearly' | '500' = '500'): { items: unknown } {
  const sub = fixture('subscription-plain') as unknown as { items: { data: { price: unknown }[] } };
  const prices = fixture(
    which === 'yearly' ? 'prices-no-100gb-yearly' : 'prices-no-500gb-monthly',
  ) as unknown as { data: unknown[] };
  const item = sub.items.data[0];
  if (item) item.price = prices.data[0];
  return { items: sub.items };
}
