import type Stripe from 'stripe';
import {
  type ChangeResult,
  type ChangeTiming,
  type PaymentProvider,
  PaymentProviderError,
  type PlanChangeQuote,
} from '../provider.ts';
import type { StripeProviderOptions } from './base.ts';
import { idOf } from './client.ts';
import { StripeCustomers } from './customers.ts';
import { itemOf, LIVE_STATUSES, paymentIntentIdOf, quoteOf } from './mapping.ts';

/** Every call whose answer becomes a ChangeResult reads the invoice and its payment attempts. */
const EXPAND_RESULT = ['latest_invoice.payments'];

/**
 * The Stripe payment provider (`BILLING=stripe`; issue #25, RESEARCH-ACCOUNT-PAYMENTS §1.3):
 * the official SDK, the API version pinned (client.ts). Price ids given to it are our plan ids,
 * resolved through each price's lookup key (prices.ts). Customers, cards, the state sync and
 * webhooks are in customers.ts; subscriptions here.
 */
export class StripeProvider extends StripeCustomers implements PaymentProvider {
  /**
   * A purchase, charged at once with the customer's default card (spec 001 §4). Stripe's
   * `allow_incomplete` is the behaviour that gives all three results: the first invoice is
   * attempted at once (`default_incomplete` never attempts it, every purchase would wait for
   * the client to confirm), and 3-D Secure or a decline leaves an `incomplete` subscription
   * with its payment intent (`error_if_incomplete` answers 3-D Secure with a 402 and no
   * subscription to carry the id the spec's "requires action" response needs).
   */
  async createSubscription(a: {
    customerId: string;
    priceId: string;
    trialDays?: number;
    key: string;
  }): Promise<ChangeResult> {
    const { customerId, priceId, trialDays = 0, key } = a;
    const price = await this.prices.price(priceId);
    const existing = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    // A retry of this very purchase (same key) goes on to Stripe, which answers as the first time.
    const others = existing.data.filter((s) => s.metadata.trove_key !== key);
    if (others.some((s) => LIVE_STATUSES.includes(s.status)))
      throw new PaymentProviderError('invalid_request', 'The customer already has a subscription.');
    // An abandoned purchase (declined or never authenticated) is dropped by a new one.
    for (const s of others.filter((x) => x.status === 'incomplete'))
      await this.call(() => this.stripe.subscriptions.cancel(s.id));
    const sub = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: price.id }],
          payment_behavior: 'allow_incomplete',
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: { trove_key: key, trove_plan: priceId },
          expand: EXPAND_RESULT,
        },
        { idempotencyKey: key },
      ),
    );
    return this.result(sub, false);
  }

  async previewChange(a: { subscriptionId: string; priceId: string }): Promise<PlanChangeQuote> {
    const sub = await this.subscription(a.subscriptionId);
    const price = await this.checkChange(sub, a.priceId);
    const invoice = await this.call(() =>
      this.stripe.invoices.createPreview({
        customer: idOf(sub.customer) ?? undefined,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: itemOf(sub).id, price: price.id }],
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: { type: 'now' },
          // The quote is for this second; the change made later prorates to its own second.
          proration_date: Math.floor(this.now() / 1000),
          ...(sub.status === 'trialing' ? { trial_end: 'now' as const } : {}),
        },
      }),
    );
    return quoteOf(invoice);
  }

  /**
   * Spec 001 §4. `now`: Ente's parameters — billed at once (`always_invoice`) with a new period
   * (`billing_cycle_anchor: {type: 'now'}`), applied only once paid (`pending_if_incomplete`);
   * a downgrade's negative invoice becomes customer credit. A declined payment's invoice is
   * voided, which drops the pending update: the plan stays as it was and nothing is owed.
   * `period_end`: a subscription schedule whose second phase has the new price, released at its
   * end so the subscription then runs on by itself.
   */
  async changeSubscription(a: {
    subscriptionId: string;
    priceId: string;
    timing: ChangeTiming;
    key: string;
  }): Promise<ChangeResult> {
    const sub = await this.subscription(a.subscriptionId);
    const price = await this.checkChange(sub, a.priceId);
    if (a.timing === 'period_end') {
      await this.schedule(sub, price, a.key);
      return { status: 'active', subscriptionId: sub.id };
    }
    // A change now replaces one scheduled for later; a subscription under a schedule takes no
    // direct update of its items.
    const scheduleId = idOf(sub.schedule);
    if (scheduleId !== null) await this.call(() => this.stripe.subscriptionSchedules.release(scheduleId));
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: itemOf(sub).id, price: price.id }],
          proration_behavior: 'always_invoice',
          billing_cycle_anchor: { type: 'now' },
          payment_behavior: 'pending_if_incomplete',
          ...(sub.status === 'trialing' ? { trial_end: 'now' as const } : {}),
          expand: EXPAND_RESULT,
        },
        { idempotencyKey: a.key },
      ),
    );
    return this.result(updated, true);
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    const sub = await this.subscription(subscriptionId);
    if (!LIVE_STATUSES.includes(sub.status))
      throw new PaymentProviderError('invalid_request', `The subscription is ${sub.status}.`);
    if (sub.cancel_at_period_end === cancel) return;
    // Stripe refuses cancellation changes on a subscription under a schedule; a subscription
    // that ends has no next plan anyway.
    const scheduleId = idOf(sub.schedule);
    if (cancel && scheduleId !== null)
      await this.call(() => this.stripe.subscriptionSchedules.release(scheduleId));
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  }

  /** Releasing the schedule keeps the current phase's price and drops the next phase. */
  async releaseScheduledChange(subscriptionId: string): Promise<void> {
    const sub = await this.subscription(subscriptionId);
    const scheduleId = idOf(sub.schedule);
    if (scheduleId === null) return;
    await this.call(() => this.stripe.subscriptionSchedules.release(scheduleId));
  }

  private async subscription(id: string): Promise<Stripe.Subscription> {
    return this.call(() => this.stripe.subscriptions.retrieve(id));
  }

  /** The sandbox's checks (payments/sandbox/core.ts checkChange), on Stripe's prices. */
  private async checkChange(sub: Stripe.Subscription, planId: string): Promise<Stripe.Price> {
    if (sub.status !== 'active' && sub.status !== 'trialing')
      throw new PaymentProviderError('invalid_request', `A ${sub.status} subscription cannot change plan.`);
    const from = itemOf(sub).price;
    const to = await this.prices.price(planId);
    if (to.id === from.id || from.lookup_key === planId)
      throw new PaymentProviderError('invalid_request', 'The subscription already has this price.');
    // spec 001 §4 "A yearly plan cannot be switched back to monthly" (PLAN_IS_DOWNGRADE in the billing rules).
    if (from.recurring?.interval === 'year' && to.recurring?.interval === 'month')
      throw new PaymentProviderError('invalid_request', 'A yearly plan cannot be switched to a monthly one.');
    if (from.currency !== to.currency)
      throw new PaymentProviderError('invalid_request', 'The currency cannot change.');
    return to;
  }

  /** Two phases: the current price to the period end, then the new one (the "upcoming" plan). */
  private async schedule(sub: Stripe.Subscription, price: Stripe.Price, key: string): Promise<void> {
    const existing = idOf(sub.schedule);
    const schedule =
      existing === null
        ? await this.call(() =>
            this.stripe.subscriptionSchedules.create(
              { from_subscription: sub.id },
              { idempotencyKey: `${key}:schedule` },
            ),
          )
        : await this.call(() => this.stripe.subscriptionSchedules.retrieve(existing));
    const item = itemOf(sub);
    const interval = price.recurring?.interval === 'year' ? 'year' : 'month';
    await this.call(() =>
      this.stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: [{ price: item.price.id, quantity: 1 }],
              start_date: schedule.current_phase?.start_date ?? item.current_period_start,
              end_date: item.current_period_end,
            },
            { items: [{ price: price.id, quantity: 1 }], duration: { interval, interval_count: 1 } },
          ],
        },
        { idempotencyKey: `${key}:phases` },
      ),
    );
  }

  /**
   * The answer of a create or an update, as a ChangeResult. Paid (or nothing to pay: a trial, a
   * downgrade into credit) is active; otherwise the invoice's payment intent says whether the
   * customer must authenticate (its client secret) or the card was declined (its decline code).
   */
  private async result(sub: Stripe.Subscription, isUpdate: boolean): Promise<ChangeResult> {
    const subscriptionId = sub.id;
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const applied = isUpdate
      ? sub.pending_update === null
      : sub.status === 'active' || sub.status === 'trialing';
    if (applied || invoice === null || invoice.status === 'paid') return { status: 'active', subscriptionId };
    const piId = paymentIntentIdOf(invoice);
    const pi = piId === null ? null : await this.call(() => this.stripe.paymentIntents.retrieve(piId));
    if (pi?.status === 'succeeded' || pi?.status === 'processing')
      return { status: 'active', subscriptionId };
    if (pi?.status === 'requires_action' && pi.client_secret !== null)
      return { status: 'requires_action', subscriptionId, clientSecret: pi.client_secret };
    const error = pi?.last_payment_error;
    const declineCode = error?.decline_code ?? error?.code ?? 'card_declined';
    if (isUpdate && invoice.status === 'open') {
      const invoiceId = invoice.id;
      await this.call(() => this.stripe.invoices.voidInvoice(invoiceId));
    }
    return { status: 'requires_payment_method', subscriptionId, declineCode };
  }
}

/** The Stripe provider from configuration (the billing module takes it as its PaymentProvider). */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  return new StripeProvider(options);
}
