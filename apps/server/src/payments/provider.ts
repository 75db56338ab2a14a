/**
 * The payment provider as the billing module sees it (issue #25; RESEARCH-ACCOUNT-PAYMENTS §1.3):
 * domain-shaped, never Stripe-shaped, so the Stripe provider and the offline sandbox provider
 * (`payments/sandbox/`) are interchangeable. Business rules (PLAN_IS_DOWNGRADE,
 * INSUFFICIENT_STORAGE_PLAN) stay in the billing module; a provider only moves money and state.
 */

/** A caller-chosen key: the same key and arguments give the same result and charge at most once. */
export type IdemKey = string;

/** The stored view of a card: never the number (spec 001 §3 paymentInfo). */
export interface CardView {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The outcome of a purchase or a plan change (spec 001 §4 "Plan update response: a response
 * containing status means action is required and carries subscription_id").
 */
export type ChangeResult =
  | { status: 'active'; subscriptionId: string }
  | { status: 'requires_action'; subscriptionId: string; clientSecret: string }
  | { status: 'requires_payment_method'; subscriptionId: string; declineCode: string };

/** What a change would cost now (minor units), shown before the user confirms. */
export interface PlanChangeQuote {
  currency: string;
  /** Billed at once (spec 001 §4: an upgrade or change is billed immediately). */
  amountDue: number;
  /** The unused part of the current period, credited. */
  credit: number;
  /** Credit kept for later billing after this change (spec 001 §4: a downgrade is refunded as credit). */
  creditLeft: number;
  /** Start of the new period and so the next billing date, milliseconds. */
  periodStart: number;
  periodEnd: number;
}

/** Subscription statuses, as Stripe names them. */
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';

/**
 * Everything a sync reads from the provider (the t3 pattern: on any webhook, fetch the whole
 * state and store it; event order stops mattering). Times are milliseconds since the epoch.
 */
export interface CustomerBillingState {
  customerId: string;
  /** Minor units the customer has as credit (positive), used on later billing. */
  creditBalance: number;
  /** The currency of the customer's subscriptions; null before the first (as Stripe's customer.currency). */
  currency: string | null;
  card: CardView | null;
  /** The customer's current subscription, or the last one ended; null if none ever. */
  subscription: {
    id: string;
    status: SubscriptionStatus;
    priceId: string;
    /** A change scheduled for the period end (spec 001 §4 "upcoming"); null if none. */
    upcomingPriceId: string | null;
    periodStart: number;
    periodEnd: number;
    cancelAtPeriodEnd: boolean;
    trialEnd: number | null;
    /** Set once the subscription has ended. */
    endedAt: number | null;
  } | null;
}

/** The fields of a verified webhook event that a receiver needs: dedupe by id, sync by customer. */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId: string | null;
}

/** When a plan change takes effect: at once with a new period, or at the current period's end. */
export type ChangeTiming = 'now' | 'period_end';

export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** The key the web client loads the card element with (`pk_sandbox_…` for the sandbox). */
  readonly publishableKey: string;
  ensureCustomer(u: { userId: string; email: string; name: string }): Promise<{ customerId: string }>;
  createSetupIntent(customerId: string, key: IdemKey): Promise<{ id: string; clientSecret: string }>;
  /** Checks that the intent succeeded and makes its card the customer's default. */
  finishSetupIntent(customerId: string, setupIntentId: string): Promise<CardView>;
  detachCard(customerId: string): Promise<void>;
  createSubscription(a: {
    customerId: string;
    priceId: string;
    trialDays?: number;
    key: IdemKey;
  }): Promise<ChangeResult>;
  previewChange(a: { subscriptionId: string; priceId: string }): Promise<PlanChangeQuote>;
  changeSubscription(a: {
    subscriptionId: string;
    priceId: string;
    timing: ChangeTiming;
    key: IdemKey;
  }): Promise<ChangeResult>;
  /** Cancel (true) or reactivate (false); storage remains until the period end (spec 001 §4). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** "Cancel upcoming": drops a scheduled change, the current plan stays (spec 001 §4). */
  releaseScheduledChange(subscriptionId: string): Promise<void>;
  /** Account deletion: ends any subscription at once and removes the customer. */
  cancelNowAndDeleteCustomer(customerId: string): Promise<void>;
  fetchCustomerState(customerId: string): Promise<CustomerBillingState>;
  /** Verifies a webhook's signature and reads the event; throws on a bad or stale signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

/** Why a provider refused a request, in Stripe's error codes. */
export type PaymentProviderErrorCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'invalid_card_number'
  | 'authentication_required'
  | 'no_such_object'
  | 'idempotency_key_reused'
  | 'invalid_request';

/** A provider refused a request (a card decline, an unknown object, a reused idempotency key). */
export class PaymentProviderError extends Error {
  readonly code: PaymentProviderErrorCode;

  constructor(code: PaymentProviderErrorCode, message: string) {
    super(message);
    this.name = 'PaymentProviderError';
    this.code = code;
  }
}
