import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkStripeKey } from './check-key.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * Against Stripe's test mode, only when STRIPE_TEST_SECRET_KEY (an `sk_test_…` key) is set; CI
 * never needs it and it is skipped offline. It makes a throw-away product and price (lookup key
 * `trove-live-test-…`), a customer with the test card pm_card_visa, a subscription, cancels it
 * and deletes the customer, then archives the price.
 */
const key = process.env.STRIPE_TEST_SECRET_KEY ?? '';

describe.skipIf(!key.startsWith('sk_test_'))('StripeProvider against Stripe test mode (live)', () => {
  it(
    'customer → setup intent with pm_card_visa → subscription → cancel → delete',
    { timeout: 60_000 },
    async () => {
      const provider = createStripeProvider({
        secretKey: key,
        publishableKey: 'pk_test_unused',
        webhookSecret: 'whsec_unused',
      });
      const stripe = provider.client;
      await checkStripeKey(provider);
      const plan = `trove-live-test-${randomUUID().slice(0, 8)}`;
      const price = await stripe.prices.create({
        currency: 'nok',
        unit_amount: 2900,
        recurring: { interval: 'month' },
        lookup_key: plan,
        product_data: { name: `Trove live test ${plan}` },
      });
      try {
        const userId = randomUUID();
        const { customerId } = await provider.ensureCustomer({
          userId,
          email: `${userId}@example.com`,
          name: 'Live Test',
        });
        const si = await provider.createSetupIntent(customerId, `trove:live:${userId}:si`);
        await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' });
        expect(await provider.finishSetupIntent(customerId, si.id)).toMatchObject({
          brand: 'visa',
          last4: '4242',
        });
        const result = await provider.createSubscription({
          customerId,
          priceId: plan,
          key: `trove:live:${userId}:sub`,
        });
        expect(result.status).toBe('active');
        const state = await provider.fetchCustomerState(customerId);
        expect(state.subscription).toMatchObject({
          id: result.subscriptionId,
          status: 'active',
          priceId: plan,
        });
        await provider.setCancelAtPeriodEnd(result.subscriptionId, true);
        expect((await provider.fetchCustomerState(customerId)).subscription?.cancelAtPeriodEnd).toBe(true);
        await provider.cancelNowAndDeleteCustomer(customerId);
        await provider.cancelNowAndDeleteCustomer(customerId);
      } finally {
        await stripe.prices.update(price.id, { active: false });
      }
    },
  );
});
