/**
 * Table types of the sandbox provider (migration 0025). Kept here, not in db/schema.ts: only
 * `payments/sandbox/` may read them (it sees the database through `withTables`). Times are
 * milliseconds since the epoch, booleans 0/1, money integer minor units.
 */
// A type, not an interface: Kysely's $extendTables<T> needs T to have an implicit index signature.
export type SandboxDatabase = {
  sandbox_customers: SandboxCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_setup_intents: SandboxSetupIntentsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  sandbox_invoices: SandboxInvoicesTable;
  sandbox_events: SandboxEventsTable;
  sandbox_idempotency_keys: SandboxIdempotencyKeysTable;
};

export interface SandboxCustomersTable {
  id: string;
  user_id: string;
  email: string;
  name: string;
  /** Customer credit (positive), used on later invoices (spec 001 §4 downgrade credit). */
  balance: number;
  default_payment_method: string | null;
  deleted_at: number | null;
  created_at: number;
}

export interface SandboxPaymentMethodsTable {
  id: string;
  customer_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** How charges on this test card go (see cards.ts); the card number itself is never kept. */
  behaviour: string;
  created_at: number;
}

export interface SandboxSetupIntentsTable {
  id: string;
  customer_id: string;
  client_secret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  payment_method_id: string | null;
  created_at: number;
}

export interface SandboxSubscriptionsTable {
  id: string;
  customer_id: string;
  price_id: string;
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  period_start: number;
  period_end: number;
  /** The value paid for the current period (cash and credit), what proration credits back. */
  paid_for_period: number;
  cancel_at_period_end: number;
  upcoming_price_id: string | null;
  trial_end: number | null;
  past_due_since: number | null;
  ended_at: number | null;
  created_at: number;
}

export interface SandboxInvoicesTable {
  id: string;
  customer_id: string;
  subscription_id: string;
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  total: number;
  credit_applied: number;
  amount_due: number;
  status: 'open' | 'paid' | 'void';
  /** Set while the payment waits for 3-D Secure: what the client confirms. */
  client_secret: string | null;
  /** A change applied only once this invoice is paid (Stripe's pending_if_incomplete). */
  pending_price_id: string | null;
  period_start: number;
  period_end: number;
  created_at: number;
}

export interface SandboxEventsTable {
  id: string;
  type: string;
  customer_id: string;
  /** The event as delivered, byte for byte (what was signed). */
  payload: string;
  created_at: number;
}

export interface SandboxIdempotencyKeysTable {
  key: string;
  /** SHA-256 of the operation and its arguments: the same key with other arguments is refused. */
  request_hash: string;
  response: string;
  created_at: number;
}
