import { sql, type Kysely } from 'kysely';

/**
 * The billing module's side of payments (issue #25; spec 001 §3, §4, §7): which provider
 * customer is whose, a synced snapshot of each customer's subscription and card (re-read from
 * the provider on every webhook, so event order does not matter), the webhook events seen (a
 * replay is answered and dropped), the purchase requests by idempotency key, and instance-wide
 * billing settings (the sandbox's webhook secret and clock offset, so every node and restart
 * agrees). Card numbers are never stored: brand, last four digits and expiry only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('upcoming_plan_id', 'text')
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_end', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
    // 1 once the subscription ended unpaid (past_due through the grace period, then canceled).
    .addColumn('ended_unpaid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text')
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_subscription')
    .on('billing_subscriptions')
    .column('subscription_id')
    .execute();
  await db.schema
    .createTable('billing_payment_methods')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_requests')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null while the first request with the key is still running.
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createTable('billing_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // users.is_read_only becomes derived: the operator's flag or billing's (a plan that ended
  // unpaid while more is stored than the quota), each kept apart so neither clears the other.
  await db.schema
    .alterTable('users')
    .addColumn('operator_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('billing_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET operator_read_only = is_read_only`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Only the operator's flag existed before.
  await sql`UPDATE users SET is_read_only = operator_read_only`.execute(db);
  await db.schema.alterTable('users').dropColumn('billing_read_only').execute();
  await db.schema.alterTable('users').dropColumn('operator_read_only').execute();
  for (const table of [
    'billing_settings',
    'billing_requests',
    'billing_events',
    'billing_payment_methods',
    'billing_subscriptions',
    'billing_customers',
  ])
    await db.schema.dropTable(table).execute();
}
