import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ChangeResult, PaymentProviderError } from '../provider.ts';
import { signWebhook } from '../webhook-signature.ts';
import { event, subscriptionObject, type WebhookSink } from './events.ts';
import { type Emit, retryInvoice, type SandboxDb, type SandboxPrice, type Tx } from './ledger.ts';
import type { SandboxDatabase, SandboxSubscriptionsTable } from './tables.ts';

export interface SandboxOptions {
  db: Kysely<Database>;
  /** Milliseconds since the epoch; tests and the test clock endpoint move it. */
  now: () => number;
  prices: readonly SandboxPrice[];
  webhookSecret: string;
  sink: WebhookSink;
  /** How long a past_due subscription lasts before it is canceled. */
  graceMs: number;
  /** A delivery the sink refused; the event stays in sandbox_events. */
  onDeliveryError?: (error: unknown, eventId: string) => void;
}

export const LIVE: readonly SandboxSubscriptionsTable['status'][] = ['trialing', 'active', 'past_due'];

/**
 * What every part of the sandbox provider shares: its options, the database, transactions whose
 * events are delivered after the commit, idempotency keys, and lookups. See SandboxProvider.
 */
export abstract class SandboxCore {
  protected readonly db: Kysely<SandboxDb>;
  protected readonly options: SandboxOptions;

  constructor(options: SandboxOptions) {
    this.options = options;
    this.db = options.db.$extendTables<SandboxDatabase>();
  }

  protected async applyChange(
    trx: Tx,
    emit: Emit,
    sub: SandboxSubscriptionsTable,
    priceId: string,
    start: number,
    end: number,
  ): Promise<void> {
    // A change is a new period paid in full (credit and cash); it also withdraws a pending
    // cancellation and a scheduled change (spec 001 §4: the new plan is the plan).
    await this.updateSubscription(trx, emit, sub, {
      price_id: priceId,
      status: 'active' as const,
      period_start: start,
      period_end: end,
      paid_for_period: this.price(priceId).amount,
      cancel_at_period_end: 0,
      upcoming_price_id: null,
      past_due_since: null,
    });
  }

  /**
   * After the customer replaced their card: retries the open invoices of a past_due subscription;
   * once all are paid it is active again (the period it is in stays).
   */
  protected async retryPastDue(trx: Tx, emit: Emit, customerId: string): Promise<void> {
    const subs = await trx
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', '=', 'past_due')
      .execute();
    for (const sub of subs) {
      const open = await trx
        .selectFrom('sandbox_invoices')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .where('status', '=', 'open')
        .orderBy('created_at')
        .execute();
      let allPaid = true;
      for (const invoice of open) allPaid = allPaid && (await retryInvoice(trx, emit, invoice));
      if (allPaid)
        await this.updateSubscription(trx, emit, sub, {
          status: 'active',
          past_due_since: null,
          paid_for_period: this.price(sub.price_id).amount,
        });
    }
  }

  /** Writes `patch` to the subscription and emits customer.subscription.updated with the result. */
  protected async updateSubscription(
    trx: Tx,
    emit: Emit,
    sub: SandboxSubscriptionsTable,
    patch: Partial<Omit<SandboxSubscriptionsTable, 'id'>>,
  ): Promise<void> {
    await trx.updateTable('sandbox_subscriptions').set(patch).where('id', '=', sub.id).execute();
    await emit('customer.subscription.updated', subscriptionObject({ ...sub, ...patch }), sub.customer_id);
  }

  protected async end(trx: Tx, emit: Emit, sub: SandboxSubscriptionsTable, at: number): Promise<void> {
    const ended = { ...sub, status: 'canceled' as const, ended_at: at };
    await trx
      .updateTable('sandbox_subscriptions')
      .set({ status: 'canceled', ended_at: at })
      .where('id', '=', sub.id)
      .execute();
    await trx
      .updateTable('sandbox_invoices')
      .set({ status: 'void', client_secret: null })
      .where('subscription_id', '=', sub.id)
      .where('status', '=', 'open')
      .execute();
    await emit('customer.subscription.deleted', subscriptionObject(ended), sub.customer_id);
  }

  protected checkChange(sub: SandboxSubscriptionsTable, priceId: string): SandboxPrice {
    if (sub.status !== 'active' && sub.status !== 'trialing')
      throw new PaymentProviderError('invalid_request', `A ${sub.status} subscription cannot change plan.`);
    const from = this.price(sub.price_id);
    const to = this.price(priceId);
    if (priceId === sub.price_id)
      throw new PaymentProviderError('invalid_request', 'The subscription already has this price.');
    // spec 001 §4 "A yearly plan cannot be switched back to monthly" (PLAN_IS_DOWNGRADE in the billing rules).
    if (from.period === 'yearly' && to.period === 'monthly')
      throw new PaymentProviderError('invalid_request', 'A yearly plan cannot be switched to a monthly one.');
    if (from.currency !== to.currency)
      throw new PaymentProviderError('invalid_request', 'The currency cannot change.');
    return to;
  }

  protected result(
    subscriptionId: string,
    invoice: { status: string; client_secret: string | null },
  ): ChangeResult {
    if (invoice.status === 'paid') return { status: 'active', subscriptionId };
    if (invoice.client_secret !== null)
      return { status: 'requires_action', subscriptionId, clientSecret: invoice.client_secret };
    return { status: 'requires_payment_method', subscriptionId, declineCode: 'card_declined' };
  }

  protected price(id: string): SandboxPrice {
    const price = this.options.prices.find((p) => p.id === id);
    if (price === undefined) throw new PaymentProviderError('no_such_object', `No such price: ${id}`);
    return price;
  }

  protected async customer(db: Kysely<SandboxDb>, id: string) {
    const row = await db.selectFrom('sandbox_customers').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined || row.deleted_at !== null)
      throw new PaymentProviderError('no_such_object', `No such customer: ${id}`);
    return row;
  }

  protected async subscription(db: Kysely<SandboxDb>, id: string): Promise<SandboxSubscriptionsTable> {
    const row = await db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new PaymentProviderError('no_such_object', `No such subscription: ${id}`);
    return row;
  }

  /**
   * Runs `fn` once per key: the key row is written first in the transaction, so a concurrent call
   * with the same key waits for it (PostgreSQL's unique index; SQLite runs one transaction at a
   * time) and then returns the stored result. Other arguments with the same key are refused.
   */
  protected async idempotent<T>(
    key: string,
    args: readonly unknown[],
    fn: (trx: Tx, emit: Emit) => Promise<T>,
  ): Promise<T> {
    const hash = createHash('sha256').update(JSON.stringify(args)).digest('hex');
    return this.tx(async (trx, emit) => {
      const inserted = await trx
        .insertInto('sandbox_idempotency_keys')
        .values({ key, request_hash: hash, response: '', created_at: this.options.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const stored = await trx
          .selectFrom('sandbox_idempotency_keys')
          .selectAll()
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (stored.request_hash !== hash)
          throw new PaymentProviderError(
            'idempotency_key_reused',
            'This idempotency key was used with other arguments.',
          );
        return JSON.parse(stored.response) as T;
      }
      const result = await fn(trx, emit);
      await trx
        .updateTable('sandbox_idempotency_keys')
        .set({ response: JSON.stringify(result) })
        .where('key', '=', key)
        .execute();
      return result;
    });
  }

  /** One transaction; the events it recorded are signed and delivered once it has committed. */
  protected async tx<T>(fn: (trx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const pending: { id: string; payload: string }[] = [];
    const result = await this.db.transaction().execute((trx) =>
      fn(trx, async (type, object, customerId) => {
        const e = event(type, object, this.options.now());
        const payload = JSON.stringify(e);
        await trx
          .insertInto('sandbox_events')
          .values({ id: e.id, type, customer_id: customerId, payload, created_at: this.options.now() })
          .execute();
        pending.push({ id: e.id, payload });
      }),
    );
    for (const { id, payload } of pending) await this.deliver(id, payload);
    return result;
  }

  /** Signs and delivers one recorded event (again, when a test replays it). */
  async deliver(eventId: string, payload?: string): Promise<void> {
    const rawBody =
      payload ??
      (
        await this.db
          .selectFrom('sandbox_events')
          .select('payload')
          .where('id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).payload;
    try {
      await this.options.sink({
        rawBody,
        signature: signWebhook(rawBody, this.options.webhookSecret, this.options.now()),
      });
    } catch (error) {
      if (this.options.onDeliveryError) this.options.onDeliveryError(error, eventId);
      else console.warn(`sandbox: event ${eventId} not delivered`, error);
    }
  }
}
