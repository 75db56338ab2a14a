import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.ts';
import { addPeriod } from './ledger.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { DAY, PRICES, SECRET, useSandbox } from './sandbox.test-support.ts';

const OK = '4242 4242 4242 4242';

/** The sandbox's subscription state machine through spec 001 §4's actions, on a moved clock. */
describe.each(DIALECTS)('sandbox provider (%s)', (dialect) => {
  const open = useSandbox(dialect);

  it('subscribe charges at once; a moved clock renews at the period end', async () => {
    const { provider, clock, customerWithCard, advance } = await open();
    const customerId = await customerWithCard(OK);
    const t0 = clock.now();
    const result = await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' });
    expect(result).toMatchObject({ status: 'active' });
    let state = await provider.fetchCustomerState(customerId);
    expect(state.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(state.subscription).toMatchObject({
      status: 'active',
      priceId: 'price_100_monthly',
      periodStart: t0,
      periodEnd: addPeriod(t0, 'monthly'),
    });
    await advance(29 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription?.periodStart).toBe(t0);
    await advance(2 * DAY);
    state = await provider.fetchCustomerState(customerId);
    expect(state.subscription).toMatchObject({
      status: 'active',
      periodStart: addPeriod(t0, 'monthly'),
      periodEnd: addPeriod(addPeriod(t0, 'monthly'), 'monthly'),
    });
  });

  it('upgrade is billed at once with a new period; downgrade leaves credit used on later billing (spec 001 §4)', async () => {
    const { provider, clock, customerWithCard, advance, deliveries } = await open();
    const customerId = await customerWithCard(OK);
    const { subscriptionId } = await provider.createSubscription({
      customerId,
      priceId: 'price_100_monthly',
      key: 'k1',
    });
    await advance(15 * DAY); // half of the 30-day period
    expect(await provider.previewChange({ subscriptionId, priceId: 'price_500_monthly' })).toMatchObject({
      amountDue: 2500,
      credit: 500,
      creditLeft: 0,
    });
    expect(
      await provider.changeSubscription({
        subscriptionId,
        priceId: 'price_500_monthly',
        timing: 'now',
        key: 'k2',
      }),
    ).toEqual({ status: 'active', subscriptionId });
    const changedAt = clock.now();
    expect(JSON.parse(deliveries.at(-2)?.rawBody ?? '{}')).toMatchObject({
      type: 'invoice.paid',
      data: { object: { total: 2500, amount_paid: 2500 } },
    });
    let state = await provider.fetchCustomerState(customerId);
    expect(state.subscription).toMatchObject({
      priceId: 'price_500_monthly',
      periodStart: changedAt,
      periodEnd: addPeriod(changedAt, 'monthly'),
    });
    await provider.changeSubscription({
      subscriptionId,
      priceId: 'price_100_monthly',
      timing: 'now',
      key: 'k3',
    });
    state = await provider.fetchCustomerState(customerId);
    expect(state.creditBalance).toBe(2000);
    await advance(31 * DAY); // renewal of 1000 is paid from the credit
    state = await provider.fetchCustomerState(customerId);
    expect(state.creditBalance).toBe(1000);
    expect(state.subscription?.status).toBe('active');
  });

  it('a yearly plan cannot be switched to monthly; monthly to yearly can', async () => {
    const { provider, customerWithCard } = await open();
    const customerId = await customerWithCard(OK);
    const { subscriptionId } = await provider.createSubscription({
      customerId,
      priceId: 'price_100_monthly',
      key: 'k1',
    });
    await provider.changeSubscription({
      subscriptionId,
      priceId: 'price_100_yearly',
      timing: 'now',
      key: 'k2',
    });
    await expect(
      provider.changeSubscription({ subscriptionId, priceId: 'price_500_monthly', timing: 'now', key: 'k3' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await provider.fetchCustomerState(customerId)).subscription?.priceId).toBe('price_100_yearly');
  });

  it('cancel keeps the plan to the period end, reactivate undoes it; canceled, then resubscribe', async () => {
    const { provider, clock, customerWithCard, advance, eventTypes } = await open();
    const customerId = await customerWithCard(OK);
    const { subscriptionId } = await provider.createSubscription({
      customerId,
      priceId: 'price_100_monthly',
      key: 'k1',
    });
    const end = addPeriod(clock.now(), 'monthly');
    await provider.setCancelAtPeriodEnd(subscriptionId, true);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    await provider.setCancelAtPeriodEnd(subscriptionId, false);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    await provider.setCancelAtPeriodEnd(subscriptionId, true);
    await advance(31 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      status: 'canceled',
      endedAt: end,
    });
    expect(eventTypes().filter((t) => t === 'invoice.paid')).toHaveLength(1);
    expect(eventTypes()).toContain('customer.subscription.deleted');
    await expect(provider.setCancelAtPeriodEnd(subscriptionId, false)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const again = await provider.createSubscription({ customerId, priceId: 'price_500_monthly', key: 'k2' });
    expect(again.status).toBe('active');
    expect(again.subscriptionId).not.toBe(subscriptionId);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      id: again.subscriptionId,
      status: 'active',
    });
  });

  it('an upcoming change applies at renewal; cancel upcoming restores the current plan', async () => {
    const { provider, customerWithCard, advance, deliveries } = await open();
    const customerId = await customerWithCard(OK);
    const { subscriptionId } = await provider.createSubscription({
      customerId,
      priceId: 'price_500_monthly',
      key: 'k1',
    });
    await provider.changeSubscription({
      subscriptionId,
      priceId: 'price_100_monthly',
      timing: 'period_end',
      key: 'k2',
    });
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      priceId: 'price_500_monthly',
      upcomingPriceId: 'price_100_monthly',
    });
    await provider.releaseScheduledChange(subscriptionId);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      priceId: 'price_500_monthly',
      upcomingPriceId: null,
    });
    await provider.changeSubscription({
      subscriptionId,
      priceId: 'price_100_monthly',
      timing: 'period_end',
      key: 'k3',
    });
    await advance(31 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      priceId: 'price_100_monthly',
      upcomingPriceId: null,
      status: 'active',
    });
    const invoices = deliveries
      .map((d) => JSON.parse(d.rawBody) as { type: string; data: { object: { total?: number } } })
      .filter((e) => e.type === 'invoice.paid');
    expect(invoices.map((e) => e.data.object.total)).toEqual([3000, 1000]);
  });

  it('a trial charges nothing until it ends, then renews at the full price', async () => {
    const { provider, clock, customerWithCard, advance } = await open();
    const customerId = await customerWithCard(OK);
    const t0 = clock.now();
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', trialDays: 30, key: 'k1' });
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      status: 'trialing',
      trialEnd: t0 + 30 * DAY,
      periodEnd: t0 + 30 * DAY,
    });
    await advance(30 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription).toMatchObject({
      status: 'active',
      periodStart: t0 + 30 * DAY,
    });
  });

  it('4000 0000 0000 0341 attaches but charges fail: past_due at renewal, canceled after the grace period', async () => {
    const { provider, customerWithCard, advance, eventTypes } = await open();
    const customerId = await customerWithCard('4000000000000341');
    expect(
      await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' }),
    ).toMatchObject({ status: 'requires_payment_method', declineCode: 'card_declined' });
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('incomplete');
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', trialDays: 10, key: 'k2' });
    await advance(10 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('past_due');
    expect(eventTypes()).toContain('invoice.payment_failed');
    await advance(6 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('past_due');
    await advance(2 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('canceled');
  });

  it('a past_due subscription is active again once a working card replaces the failing one', async () => {
    const { provider, customerWithCard, advance, clock } = await open();
    const customerId = await customerWithCard('4000000000000341');
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', trialDays: 10, key: 'k1' });
    await advance(10 * DAY);
    const renewedAt = clock.now();
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('past_due');
    const si = await provider.createSetupIntent(customerId, 'seti-2');
    await provider.confirmSetupIntent(si.clientSecret, {
      number: '5555555555554444',
      expMonth: 1,
      expYear: 2031,
      cvc: '123',
    });
    await provider.finishSetupIntent(customerId, si.id);
    const state = await provider.fetchCustomerState(customerId);
    expect(state.card?.last4).toBe('4444');
    expect(state.currency).toBe('EUR');
    expect(state.subscription).toMatchObject({ status: 'active', periodStart: renewedAt });
    await advance(10 * DAY); // past the grace period: stays active
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('active');
  });

  it('4000 0027 6000 3184 asks 3-D Secure on every payment; off-session renewals fail', async () => {
    const { provider, customerWithCard, advance } = await open();
    const customerId = await customerWithCard('4000002760003184');
    const result = await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' });
    if (result.status !== 'requires_action')
      throw new Error(`expected requires_action, got ${result.status}`);
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('incomplete');
    expect(await provider.confirmPayment(result.clientSecret, true)).toEqual({ status: 'succeeded' });
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('active');
    const change = await provider.changeSubscription({
      subscriptionId: result.subscriptionId,
      priceId: 'price_500_monthly',
      timing: 'now',
      key: 'k2',
    });
    if (change.status !== 'requires_action')
      throw new Error(`expected requires_action, got ${change.status}`);
    await provider.confirmPayment(change.clientSecret, false);
    expect((await provider.fetchCustomerState(customerId)).subscription?.priceId).toBe('price_100_monthly');
    await advance(31 * DAY);
    expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('past_due');
  });

  it('4000 0025 0000 3155 asks 3-D Secure on setup only; a failed authentication attaches nothing', async () => {
    const { provider, customerWithCard } = await open();
    const customerId = await customerWithCard('4000002500003155');
    expect(
      await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' }),
    ).toMatchObject({ status: 'active' });
    const si = await provider.createSetupIntent(customerId, 'seti-2');
    expect(
      await provider.confirmSetupIntent(si.clientSecret, {
        number: '4000002500003155',
        expMonth: 1,
        expYear: 2031,
        cvc: '123',
      }),
    ).toEqual({ status: 'requires_action' });
    expect(await provider.authenticateSetupIntent(si.clientSecret, false)).toEqual({
      status: 'requires_payment_method',
    });
    await expect(provider.finishSetupIntent(customerId, si.id)).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('declining, expired and non-test cards are refused at setup', async () => {
    const { provider } = await open();
    const { customerId } = await provider.ensureCustomer({
      userId: 'u1',
      email: 'u1@example.com',
      name: 'U',
    });
    const si = await provider.createSetupIntent(customerId, 'seti-1');
    const confirm = (number: string, expYear = 2030) =>
      provider.confirmSetupIntent(si.clientSecret, { number, expMonth: 12, expYear, cvc: '123' });
    await expect(confirm('4000000000000002')).rejects.toMatchObject({
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    await expect(confirm('4000000000009995')).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(confirm('4111111111111111')).rejects.toMatchObject({ code: 'invalid_card_number' });
    await expect(confirm('4242424242424242', 2025)).rejects.toMatchObject({ code: 'expired_card' });
    await expect(provider.finishSetupIntent(customerId, si.id)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect((await provider.fetchCustomerState(customerId)).card).toBeNull();
  });

  it('events are Stripe-shaped and signed; a replay outside the tolerance is refused', async () => {
    const { provider, clock, customerWithCard, deliveries, eventTypes } = await open();
    const customerId = await customerWithCard(OK);
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' });
    expect(eventTypes()).toEqual([
      'customer.created',
      'setup_intent.succeeded',
      'customer.updated',
      'invoice.paid',
      'customer.subscription.created',
    ]);
    for (const d of deliveries) {
      expect(d.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(provider.verifyWebhook(Buffer.from(d.rawBody), d.signature).customerId).toBe(customerId);
    }
    const first = deliveries[0];
    if (first === undefined) throw new Error('no event delivered');
    clock.advance(301_000);
    expect(() => provider.verifyWebhook(Buffer.from(first.rawBody), first.signature)).toThrow(/tolerance/);
    // A redelivery is signed anew with the same event id (receivers dedupe by id).
    const id = (JSON.parse(first.rawBody) as { id: string }).id;
    await provider.deliver(id);
    expect(
      provider.verifyWebhook(Buffer.from(deliveries.at(-1)?.rawBody ?? ''), deliveries.at(-1)?.signature).id,
    ).toBe(id);
  });

  it('account deletion ends the subscription at once and removes the customer', async () => {
    const { provider, customerWithCard, eventTypes } = await open();
    const customerId = await customerWithCard(OK);
    await provider.createSubscription({ customerId, priceId: 'price_100_monthly', key: 'k1' });
    await provider.cancelNowAndDeleteCustomer(customerId);
    expect(eventTypes().slice(-2)).toEqual(['customer.subscription.deleted', 'customer.deleted']);
    await expect(provider.fetchCustomerState(customerId)).rejects.toMatchObject({ code: 'no_such_object' });
  });
});

describe('sandbox provider delivery (sqlite)', () => {
  const open = useSandbox('sqlite');

  it('a refused delivery leaves the operation done and the event stored for redelivery', async () => {
    const { provider, db, deliveries } = await open();
    const failing = new SandboxProvider({
      db,
      now: () => Date.UTC(2026, 10, 23, 12),
      prices: PRICES,
      webhookSecret: SECRET,
      graceMs: DAY,
      sink: () => Promise.reject(new Error('receiver down')),
      onDeliveryError: (error, eventId) => refused.push({ eventId, message: (error as Error).message }),
    });
    const refused: { eventId: string; message: string }[] = [];
    const { customerId } = await failing.ensureCustomer({ userId: 'u1', email: 'u1@example.com', name: 'U' });
    expect(refused).toHaveLength(1);
    expect(refused[0]?.message).toBe('receiver down');
    expect((await provider.fetchCustomerState(customerId)).customerId).toBe(customerId);
    const eventId = refused[0]?.eventId ?? '';
    await provider.deliver(eventId);
    const redelivered = deliveries.at(-1);
    expect(
      redelivered && provider.verifyWebhook(Buffer.from(redelivered.rawBody), redelivered.signature),
    ).toEqual({
      id: eventId,
      type: 'customer.created',
      customerId,
    });
  });
});
