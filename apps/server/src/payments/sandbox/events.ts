import { randomBytes } from 'node:crypto';
import type { SandboxInvoicesTable, SandboxSetupIntentsTable, SandboxSubscriptionsTable } from './tables.ts';

/**
 * Stripe-shaped events of the sandbox (`{id, object, type, created, data: {object}}`, times in
 * unix seconds as Stripe sends them). Only the fields a receiver reads are filled; the receiver
 * syncs the customer's whole state anyway (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 7).
 */
export interface SandboxEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> & { id: string } };
}

/** One signed delivery: the body exactly as signed, and its `Stripe-Signature` header. */
export interface WebhookDelivery {
  rawBody: string;
  signature: string;
}

/** Where the sandbox sends its events (later: the webhook route, in-process). */
export type WebhookSink = (delivery: WebhookDelivery) => Promise<void>;

/** A new id with Stripe's prefix (`cus_`, `sub_`, …). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export function event(type: string, object: SandboxEvent['data']['object'], now: number): SandboxEvent {
  return {
    id: newId('evt'),
    object: 'event',
    type,
    created: seconds(now) ?? 0,
    livemode: false,
    data: { object },
  };
}

export function subscriptionObject(s: SandboxSubscriptionsTable) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer_id,
    status: s.status,
    items: { object: 'list', data: [{ price: { id: s.price_id } }] },
    current_period_start: seconds(s.period_start),
    current_period_end: seconds(s.period_end),
    cancel_at_period_end: s.cancel_at_period_end === 1,
    trial_end: seconds(s.trial_end),
    ended_at: seconds(s.ended_at),
    // The sandbox's stand-in for a subscription schedule's next phase.
    metadata: { upcoming_price_id: s.upcoming_price_id ?? '' },
  };
}

export function invoiceObject(i: SandboxInvoicesTable) {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer_id,
    subscription: i.subscription_id,
    billing_reason: i.reason,
    status: i.status,
    total: i.total,
    starting_balance: -i.credit_applied,
    amount_due: i.amount_due,
    amount_paid: i.status === 'paid' ? i.amount_due : 0,
  };
}

export function setupIntentObject(si: SandboxSetupIntentsTable) {
  return {
    id: si.id,
    object: 'setup_intent',
    customer: si.customer_id,
    status: si.status,
    payment_method: si.payment_method_id,
  };
}
