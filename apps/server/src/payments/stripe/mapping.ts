import type Stripe from 'stripe';
import type { CardView, CustomerBillingState, PlanChangeQuote, SubscriptionStatus } from '../provider.ts';
import { idOf } from './client.ts';
import { planIdOf } from './prices.ts';

/**
 * Stripe objects → the provider interface's domain types (pure; stripe-provider.ts fetches).
 * Stripe counts seconds, we count milliseconds; Stripe writes currencies in lower case, the
 * catalogue in ISO 4217 upper case.
 */

const ms = (seconds: number) => seconds * 1000;

/** Stripe's statuses the sandbox lists as live: the subscription serves storage. */
export const LIVE_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

/**
 * Stripe's subscription status in the interface's five. `unpaid` and `paused` serve no storage
 * and wait for a payment, as past_due does; an incomplete purchase that expired never started.
 */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  return STATUSES[status] ?? 'past_due';
}

const STATUSES: Partial<Record<string, SubscriptionStatus>> = {
  incomplete: 'incomplete',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

export function cardOf(pm: Stripe.PaymentMethod | string | null): CardView | null {
  if (pm === null || typeof pm === 'string' || pm.card === undefined) return null;
  return {
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** The one item of a Trove subscription (one plan = one price = one item). */
export function itemOf(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = sub.items.data[0];
  if (item === undefined) throw new Error(`The Stripe subscription ${sub.id} has no item.`);
  return item;
}

/**
 * The Stripe price a scheduled change moves to at the period end: the schedule's phase after
 * the current one (`changeSubscription` with timing `period_end` writes exactly two phases).
 */
export function upcomingPriceOf(sub: Stripe.Subscription): string | null {
  const schedule = sub.schedule;
  if (schedule === null || typeof schedule === 'string') return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const currentEnd = schedule.current_phase?.end_date ?? 0;
  const next = schedule.phases.find((p) => p.start_date >= currentEnd);
  return idOf(next?.items[0]?.price);
}

export function stateOf(
  customer: Stripe.Customer,
  sub: Stripe.Subscription | undefined,
  upcomingPlan: string | null,
): CustomerBillingState {
  const pm = customer.invoice_settings.default_payment_method;
  return {
    customerId: customer.id,
    // Stripe's balance is what the customer owes: negative is credit (spec 001 §4 "refunded as credit").
    creditBalance: Math.max(0, -customer.balance),
    currency: customer.currency ? customer.currency.toUpperCase() : null,
    card: cardOf(pm),
    subscription:
      sub === undefined
        ? null
        : {
            id: sub.id,
            status: statusOf(sub.status),
            priceId: planIdOf(itemOf(sub).price),
            upcomingPriceId: upcomingPlan,
            periodStart: ms(itemOf(sub).current_period_start),
            periodEnd: ms(itemOf(sub).current_period_end),
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            trialEnd: sub.trial_end === null ? null : ms(sub.trial_end),
            endedAt: sub.ended_at === null ? null : ms(sub.ended_at),
          },
  };
}

/** The live subscription, or else the newest (Stripe lists newest first). */
export function currentSubscription(subs: readonly Stripe.Subscription[]): Stripe.Subscription | undefined {
  return subs.find((s) => LIVE_STATUSES.includes(s.status)) ?? subs[0];
}

/**
 * A preview invoice of a change made now (`always_invoice`, anchor now) → the quote. Negative
 * lines are the unused time credited; what the total leaves below zero, with the customer's
 * earlier credit (a negative starting balance), stays as credit.
 */
export function quoteOf(invoice: Stripe.Invoice): PlanChangeQuote {
  const lines = invoice.lines.data;
  const credit = lines.filter((l) => l.amount < 0).reduce((sum, l) => sum - l.amount, 0);
  const after = invoice.starting_balance + invoice.total;
  // The new period is the line that ends last (prorations end at the old period's end).
  const period = lines.reduce<{ start: number; end: number } | null>(
    (best, l) => (best === null || l.period.end > best.end ? l.period : best),
    null,
  ) ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    currency: invoice.currency.toUpperCase(),
    amountDue: invoice.amount_due,
    credit,
    creditLeft: Math.max(0, -after),
    periodStart: ms(period.start),
    periodEnd: ms(period.end),
  };
}

/** The payment intent behind an invoice's payment attempt, if Stripe made one. */
export function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent);
}
