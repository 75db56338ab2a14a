/*
 * Table types of the billing module (issue #25, migration 0026). Times are milliseconds since
 * the epoch, booleans 0/1, money integer minor units, as in the rest of the schema.
 */

export interface BillingDatabase {
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_payment_methods: BillingPaymentMethodsTable;
  billing_events: BillingEventsTable;
  billing_requests: BillingRequestsTable;
  billing_settings: BillingSettingsTable;
}

/** Which provider customer is whose: one each way. */
export interface BillingCustomersTable {
  user_id: string;
  customer_id: string;
  /** The provider that made it (`sandbox` or `stripe`). */
  provider: string;
  created_at: number;
}

/** The customer's current (or last) subscription as the provider last said (the sync's snapshot). */
export interface BillingSubscriptionsTable {
  user_id: string;
  subscription_id: string;
  status: string;
  /** A catalogue plan id (the provider's price id). */
  plan_id: string;
  upcoming_plan_id: string | null;
  period_start: number;
  period_end: number;
  cancel_at_period_end: number;
  trial_end: number | null;
  ended_at: number | null;
  credit: number;
  /** 1 once it ended unpaid (past_due, then canceled): what billing's read-only starts from. */
  ended_unpaid: number;
  currency: string | null;
  synced_at: number;
}

/** The customer's default card: never the number (spec 001 §3 paymentInfo). */
export interface BillingPaymentMethodsTable {
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  synced_at: number;
}

/** Webhook events received; an event id seen before is answered and not handled again. */
export interface BillingEventsTable {
  event_id: string;
  type: string;
  customer_id: string | null;
  received_at: number;
}

/** A purchase by idempotency key: a replay answers `response`; null while the first runs. */
export interface BillingRequestsTable {
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  response: string | null;
  created_at: number;
}

/** Instance-wide billing values (the sandbox's webhook secret and clock offset). */
export interface BillingSettingsTable {
  key: string;
  value: string;
}
