import { type Proration, prorate } from '@trove/contract';
import {
  type ChangeResult,
  type ChangeTiming,
  type CustomerBillingState,
  type PaymentProvider,
  PaymentProviderError,
  type PlanChangeQuote,
  type ProviderEvent,
} from '../provider.ts';
import { verifyWebhook } from '../webhook-signature.ts';
import { LIVE } from './core.ts';
import { SandboxCustomers } from './customers.ts';
import { invoiceObject, newId, type SandboxEvent, subscriptionObject } from './events.ts';
import { addPeriod, bill, markPaid, type SandboxPrice } from './ledger.ts';
import { runDue } from './renewals.ts';
import type { SandboxSubscriptionsTable } from './tables.ts';

export type { SandboxOptions } from './core.ts';

/**
 * The offline payment provider (`BILLING=sandbox`; RESEARCH-ACCOUNT-PAYMENTS §1.3 point 8): Stripe's
 * behaviour for test cards, subscriptions and webhooks, with its state in `sandbox_*` tables.
 * Every write runs in one transaction; its events are signed and delivered after the commit.
 * Customers and cards are in customers.ts, transactions and lookups in core.ts.
 */
export class SandboxProvider extends SandboxCustomers implements PaymentProvider {
  readonly kind = 'sandbox';
  readonly publishableKey = 'pk_sandbox_trove';

  async createSubscription(a: {
    customerId: string;
    priceId: string;
    trialDays?: number;
    key: string;
  }): Promise<ChangeResult> {
    const { customerId, priceId, trialDays = 0, key } = a;
    return this.idempotent(key, ['createSubscription', customerId, priceId, trialDays], async (trx, emit) => {
      await this.customer(trx, customerId);
      const price = this.price(priceId);
      const subs = await trx
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute();
      if (subs.some((s) => LIVE.includes(s.status)))
        throw new PaymentProviderError('invalid_request', 'The customer already has a subscription.');
      // An abandoned purchase (declined or never authenticated) is dropped by a new one.
      for (const s of subs.filter((x) => x.status === 'incomplete'))
        await this.end(trx, emit, s, this.options.now());
      const now = this.options.now();
      const trialEnd = trialDays > 0 ? now + trialDays * 86_400_000 : null;
      const sub: SandboxSubscriptionsTable = {
        id: newId('sub'),
        customer_id: customerId,
        price_id: priceId,
        status: trialEnd === null ? 'incomplete' : 'trialing',
        period_start: now,
        period_end: trialEnd ?? addPeriod(now, price.period),
        paid_for_period: trialEnd === null ? price.amount : 0,
        cancel_at_period_end: 0,
        upcoming_price_id: null,
        trial_end: trialEnd,
        past_due_since: null,
        ended_at: null,
        created_at: now,
      };
      await trx.insertInto('sandbox_subscriptions').values(sub).execute();
      const invoice = await bill(trx, emit, {
        subscription: sub,
        reason: 'subscription_create',
        total: trialEnd === null ? price.amount : 0,
        periodStart: sub.period_start,
        periodEnd: sub.period_end,
        pendingPriceId: null,
        onSession: true,
        now,
      });
      if (invoice.status === 'paid' && sub.status === 'incomplete') {
        sub.status = 'active';
        await trx
          .updateTable('sandbox_subscriptions')
          .set({ status: 'active' })
          .where('id', '=', sub.id)
          .execute();
      }
      await emit('customer.subscription.created', subscriptionObject(sub), customerId);
      return this.result(sub.id, invoice);
    });
  }

  async previewChange(a: { subscriptionId: string; priceId: string }): Promise<PlanChangeQuote> {
    const sub = await this.subscription(this.db, a.subscriptionId);
    const customer = await this.customer(this.db, sub.customer_id);
    const price = this.checkChange(sub, a.priceId);
    const now = this.options.now();
    const p = prorateChange(sub, price, now);
    const fromBalance = Math.min(customer.balance, p.amountDue);
    return {
      currency: price.currency,
      amountDue: p.amountDue - fromBalance,
      credit: p.credit,
      creditLeft: customer.balance - fromBalance + p.creditLeft,
      periodStart: now,
      periodEnd: addPeriod(now, price.period),
    };
  }

  /**
   * Spec 001 §4: an upgrade or change is billed at once and starts a new period (`timing: 'now'`;
   * a downgrade's negative balance becomes credit), or is scheduled for the period end
   * (`'period_end'`, the "upcoming" plan). A payment that fails leaves the plan as it was.
   */
  async changeSubscription(a: {
    subscriptionId: string;
    priceId: string;
    timing: ChangeTiming;
    key: string;
  }): Promise<ChangeResult> {
    const { subscriptionId, priceId, timing, key } = a;
    return this.idempotent(
      key,
      ['changeSubscription', subscriptionId, priceId, timing],
      async (trx, emit) => {
        const sub = await this.subscription(trx, subscriptionId);
        const price = this.checkChange(sub, priceId);
        if (timing === 'period_end') {
          await this.updateSubscription(trx, emit, sub, { upcoming_price_id: priceId });
          return { status: 'active', subscriptionId };
        }
        const now = this.options.now();
        const p = prorateChange(sub, price, now);
        const invoice = await bill(trx, emit, {
          subscription: sub,
          reason: 'subscription_update',
          total: p.amountDue - p.creditLeft,
          periodStart: now,
          periodEnd: addPeriod(now, price.period),
          pendingPriceId: priceId,
          onSession: true,
          now,
        });
        if (invoice.status === 'paid')
          await this.applyChange(trx, emit, sub, priceId, invoice.period_start, invoice.period_end);
        return this.result(sub.id, invoice);
      },
    );
  }

  /** The sandbox's 3-D Secure page for a payment (the client's `confirmPayment`). */
  async confirmPayment(
    clientSecret: string,
    complete: boolean,
  ): Promise<{ status: 'succeeded' | 'requires_payment_method' }> {
    return this.tx(async (trx, emit) => {
      const invoice = await trx
        .selectFrom('sandbox_invoices')
        .selectAll()
        .where('client_secret', '=', clientSecret)
        .executeTakeFirst();
      if (invoice?.status !== 'open')
        throw new PaymentProviderError('no_such_object', 'No payment waits for this secret.');
      const sub = await this.subscription(trx, invoice.subscription_id);
      if (!complete) {
        if (invoice.reason === 'subscription_update')
          await trx
            .updateTable('sandbox_invoices')
            .set({ status: 'void' })
            .where('id', '=', invoice.id)
            .execute();
        const status = invoice.reason === 'subscription_update' ? 'void' : 'open';
        await emit('invoice.payment_failed', invoiceObject({ ...invoice, status }), invoice.customer_id);
        return { status: 'requires_payment_method' };
      }
      await markPaid(trx, emit, invoice);
      await this.applyChange(
        trx,
        emit,
        sub,
        invoice.pending_price_id ?? sub.price_id,
        invoice.period_start,
        invoice.period_end,
      );
      return { status: 'succeeded' };
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.tx(async (trx, emit) => {
      const sub = await this.subscription(trx, subscriptionId);
      if (!LIVE.includes(sub.status))
        throw new PaymentProviderError('invalid_request', `The subscription is ${sub.status}.`);
      const flag = cancel ? 1 : 0;
      if (sub.cancel_at_period_end === flag) return;
      await this.updateSubscription(trx, emit, sub, { cancel_at_period_end: flag });
    });
  }

  async releaseScheduledChange(subscriptionId: string): Promise<void> {
    await this.tx(async (trx, emit) => {
      const sub = await this.subscription(trx, subscriptionId);
      if (sub.upcoming_price_id === null) return;
      await this.updateSubscription(trx, emit, sub, { upcoming_price_id: null });
    });
  }

  async cancelNowAndDeleteCustomer(customerId: string): Promise<void> {
    await this.tx(async (trx, emit) => {
      await this.customer(trx, customerId);
      const now = this.options.now();
      const subs = await trx
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('ended_at', 'is', null)
        .execute();
      for (const sub of subs) await this.end(trx, emit, sub, now);
      await trx
        .updateTable('sandbox_customers')
        .set({ deleted_at: now, default_payment_method: null })
        .where('id', '=', customerId)
        .execute();
      await emit('customer.deleted', { id: customerId, object: 'customer', deleted: true }, customerId);
    });
  }

  async fetchCustomerState(customerId: string): Promise<CustomerBillingState> {
    const customer = await this.customer(this.db, customerId);
    const pm =
      customer.default_payment_method === null
        ? undefined
        : await this.db
            .selectFrom('sandbox_payment_methods')
            .selectAll()
            .where('id', '=', customer.default_payment_method)
            .executeTakeFirst();
    const subs = await this.db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute();
    const sub = subs.find((s) => LIVE.includes(s.status)) ?? subs[0];
    return {
      customerId,
      creditBalance: customer.balance,
      currency: sub === undefined ? null : this.price(sub.price_id).currency,
      card:
        pm === undefined
          ? null
          : { brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year },
      subscription:
        sub === undefined
          ? null
          : {
              id: sub.id,
              status: sub.status,
              priceId: sub.price_id,
              upcomingPriceId: sub.upcoming_price_id,
              periodStart: sub.period_start,
              periodEnd: sub.period_end,
              cancelAtPeriodEnd: sub.cancel_at_period_end === 1,
              trialEnd: sub.trial_end,
              endedAt: sub.ended_at,
            },
    };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    const parsed = verifyWebhook(
      rawBody,
      signatureHeader,
      this.options.webhookSecret,
      this.options.now(),
    ) as Partial<SandboxEvent> | null;
    const object = parsed?.data?.object;
    if (typeof parsed?.id !== 'string' || typeof parsed.type !== 'string' || object === undefined)
      throw new PaymentProviderError('invalid_request', 'The webhook body is not an event.');
    const customer = object.object === 'customer' ? object.id : object.customer;
    return { id: parsed.id, type: parsed.type, customerId: typeof customer === 'string' ? customer : null };
  }

  /** Renewals, trial ends and past-due cancellations due at the clock's time (tests move the clock). */
  async runDue(): Promise<void> {
    await runDue({
      db: this.db,
      now: this.options.now,
      graceMs: this.options.graceMs,
      price: (id) => this.price(id),
      tx: (fn) => this.tx(fn),
      end: (trx, emit, sub, at) => this.end(trx, emit, sub, at),
    });
  }
}

/** A change to `price` at `now`: the unused part of what was paid is credited (spec 001 §4). */
function prorateChange(sub: SandboxSubscriptionsTable, price: SandboxPrice, now: number): Proration {
  return prorate({
    paid: sub.paid_for_period,
    periodStart: sub.period_start,
    periodEnd: sub.period_end,
    now,
    newPrice: price.amount,
  });
}
