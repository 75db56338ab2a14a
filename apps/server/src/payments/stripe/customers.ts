import Stripe from 'stripe';
import {
  type CardView,
  type CustomerBillingState,
  PaymentProviderError,
  type ProviderEvent,
} from '../provider.ts';
import { SIGNATURE_TOLERANCE_S, WebhookSignatureError } from '../webhook-signature.ts';
import { StripeBase } from './base.ts';
import { idOf } from './client.ts';
import { cardOf, currentSubscription, stateOf, upcomingPriceOf } from './mapping.ts';
import { planIdOf } from './prices.ts';

/**
 * Customers, cards, the state sync and webhooks against Stripe (RESEARCH-ACCOUNT-PAYMENTS §1.3
 * points 2, 3 and 7), with the sandbox's observable behaviour (payments/sandbox/customers.ts).
 */
export abstract class StripeCustomers extends StripeBase {
  /**
   * The user's customer: found by `metadata.userId` first, so a customer whose row we lost is
   * not made twice; else created with the idempotency key `trove:cust:{userId}` (Stripe's search
   * lags new customers by up to a minute, the key covers that window).
   */
  async ensureCustomer(u: { userId: string; email: string; name: string }): Promise<{ customerId: string }> {
    const found = await this.call(() =>
      this.stripe.customers.search({ query: `metadata['userId']:'${searchQuoted(u.userId)}'`, limit: 1 }),
    );
    const existing = found.data[0];
    if (existing !== undefined) return { customerId: existing.id };
    const created = await this.call(() =>
      this.stripe.customers.create(
        { email: u.email, name: u.name, metadata: { userId: u.userId } },
        { idempotencyKey: `trove:cust:${u.userId}` },
      ),
    );
    return { customerId: created.id };
  }

  /** A card only: the interface stores brand, last4 and expiry, which other methods lack. */
  async createSetupIntent(customerId: string, key: string): Promise<{ id: string; clientSecret: string }> {
    const si = await this.call(() =>
      this.stripe.setupIntents.create(
        { customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
        { idempotencyKey: key },
      ),
    );
    if (si.client_secret === null)
      throw new PaymentProviderError(
        'invalid_request',
        'Stripe returned a setup intent without a client secret.',
      );
    return { id: si.id, clientSecret: si.client_secret };
  }

  /**
   * Checks the intent server-side (it succeeded, and it is this customer's: an intent of
   * another customer reads as missing), makes its card the default for invoices, and retries
   * what a failing card left unpaid (the sandbox's retryPastDue).
   */
  async finishSetupIntent(customerId: string, setupIntentId: string): Promise<CardView> {
    const si = await this.call(() =>
      this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }),
    );
    if (idOf(si.customer) !== customerId)
      throw new PaymentProviderError('no_such_object', 'No such setup intent.');
    const pmId = idOf(si.payment_method);
    if (si.status !== 'succeeded' || pmId === null)
      throw new PaymentProviderError('invalid_request', `The setup intent is ${si.status}.`);
    const card = cardOf(si.payment_method);
    if (card === null) throw new PaymentProviderError('invalid_request', 'The setup intent saved no card.');
    await this.call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pmId } }),
    );
    await this.retryPastDue(customerId);
    return card;
  }

  async detachCard(customerId: string): Promise<void> {
    const customer = await this.customer(customerId);
    const pmId = idOf(customer.invoice_settings.default_payment_method);
    if (pmId === null) return;
    await this.call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: '' } }),
    );
    await this.call(() => this.stripe.paymentMethods.detach(pmId));
  }

  /**
   * Account deletion (Ente's CancelSubAndDeleteCustomer): every subscription not yet ended is
   * canceled at once, without a proration credit, then the customer is deleted. Idempotent: a
   * customer already gone is success.
   */
  async cancelNowAndDeleteCustomer(customerId: string): Promise<void> {
    try {
      const subs = await this.call(() =>
        this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      for (const sub of subs.data.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired'))
        await this.call(() =>
          this.stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false }),
        );
      await this.call(() => this.stripe.customers.del(customerId));
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'no_such_object') return;
      throw error;
    }
  }

  /** The whole state of a customer (the t3 pattern: any webhook → fetch all, store all). */
  async fetchCustomerState(customerId: string): Promise<CustomerBillingState> {
    const customer = await this.customer(customerId, ['invoice_settings.default_payment_method']);
    const subs = await this.call(() =>
      this.stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 10,
        expand: ['data.schedule'],
      }),
    );
    const sub = currentSubscription(subs.data);
    const upcoming = sub === undefined ? null : upcomingPriceOf(sub);
    const upcomingPlan =
      upcoming === null ? null : planIdOf(await this.call(() => this.stripe.prices.retrieve(upcoming)));
    return stateOf(customer, sub, upcomingPlan);
  }

  /**
   * `constructEvent` with Stripe's tolerance of 300 s; a refusal is a WebhookSignatureError as
   * the sandbox's, so the webhook route answers 400 to both providers alike.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (signatureHeader === undefined || signatureHeader === '')
      throw new WebhookSignatureError('missing_header', 'no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.options.webhookSecret,
        SIGNATURE_TOLERANCE_S,
        undefined,
        this.now(),
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      const reason = /timestamp outside the tolerance/i.test(error.message)
        ? 'outside_tolerance'
        : /unable to extract timestamp and signatures/i.test(error.message)
          ? 'malformed_header'
          : 'no_matching_signature';
      throw new WebhookSignatureError(reason, error.message);
    }
    const object = event.data.object as { object?: string; id?: string; customer?: unknown };
    const customer = object.object === 'customer' ? object.id : object.customer;
    return {
      id: event.id,
      type: event.type,
      customerId: typeof customer === 'string' ? customer : idOf(customer as { id: string } | null),
    };
  }

  /** A customer not deleted; a deleted or unknown one is `no_such_object`, as in the sandbox. */
  protected async customer(customerId: string, expand: string[] = []): Promise<Stripe.Customer> {
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId, { expand }));
    if (customer.deleted === true) throw new PaymentProviderError('no_such_object', 'No such customer.');
    return customer;
  }

  /**
   * A past_due subscription's open invoice is paid again with the new default card. A decline
   * is no error here: the state sync reports the subscription as it stays.
   */
  private async retryPastDue(customerId: string): Promise<void> {
    const pastDue = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'past_due', limit: 10 }),
    );
    for (const sub of pastDue.data) {
      const invoiceId = idOf(sub.latest_invoice);
      if (invoiceId === null) continue;
      try {
        await this.call(() => this.stripe.invoices.pay(invoiceId));
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
      }
    }
  }
}

/** A value inside a single-quoted search query string (Stripe's search escapes with `\`). */
function searchQuoted(value: string): string {
  return value.replace(/[\\']/g, (c) => `\\${c}`);
}
