import type { Kysely } from 'kysely';
import { subscriptionObject } from './events.ts';
import { addPeriod, bill, type Emit, type SandboxDb, type SandboxPrice, type Tx } from './ledger.ts';
import type { SandboxSubscriptionsTable } from './tables.ts';

export interface RenewalDeps {
  db: Kysely<SandboxDb>;
  now: () => number;
  graceMs: number;
  price: (id: string) => SandboxPrice;
  tx: <T>(fn: (trx: Tx, emit: Emit) => Promise<T>) => Promise<T>;
  end: (trx: Tx, emit: Emit, sub: SandboxSubscriptionsTable, at: number) => Promise<void>;
}

/**
 * Everything due at the clock's time, oldest first, one period per transaction: a subscription
 * whose period (or trial) ended renews, or ends when it was canceled (spec 001 §4: storage
 * remains until the expiry date); a failed renewal makes it past_due, and after the grace
 * period it is canceled. A clock moved a year ahead runs twelve monthly renewals.
 */
export async function runDue(deps: RenewalDeps): Promise<void> {
  for (;;) {
    const now = deps.now();
    const renewal = await deps.db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('status', 'in', ['active', 'trialing'])
      .where('period_end', '<=', now)
      .orderBy('period_end')
      .limit(1)
      .executeTakeFirst();
    const lapse = await deps.db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('status', '=', 'past_due')
      .where('past_due_since', '<=', now - deps.graceMs)
      .orderBy('past_due_since')
      .limit(1)
      .executeTakeFirst();
    if (renewal === undefined && lapse === undefined) return;
    if (
      lapse !== undefined &&
      (renewal === undefined || (lapse.past_due_since ?? 0) + deps.graceMs < renewal.period_end)
    ) {
      await deps.tx((trx, emit) =>
        claim(trx, lapse, () => deps.end(trx, emit, lapse, (lapse.past_due_since ?? 0) + deps.graceMs)),
      );
    } else if (renewal !== undefined) {
      await deps.tx((trx, emit) => claim(trx, renewal, () => renew(trx, emit, deps, renewal)));
    }
  }
}

/**
 * Runs `fn` only if the subscription is still as read (status and period): a second runner that
 * read the same row finds it changed and does nothing, so no period is billed twice.
 */
async function claim(trx: Tx, sub: SandboxSubscriptionsTable, fn: () => Promise<void>): Promise<void> {
  const touched = await trx
    .updateTable('sandbox_subscriptions')
    .set({ status: sub.status })
    .where('id', '=', sub.id)
    .where('status', '=', sub.status)
    .where('period_end', '=', sub.period_end)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 1) await fn();
}

async function renew(trx: Tx, emit: Emit, deps: RenewalDeps, sub: SandboxSubscriptionsTable): Promise<void> {
  if (sub.cancel_at_period_end === 1) return deps.end(trx, emit, sub, sub.period_end);
  // The upcoming plan (spec 001 §4) takes over at the period end.
  const priceId = sub.upcoming_price_id ?? sub.price_id;
  const price = deps.price(priceId);
  const periodStart = sub.period_end;
  const periodEnd = addPeriod(periodStart, price.period);
  const invoice = await bill(trx, emit, {
    subscription: sub,
    reason: 'subscription_cycle',
    total: price.amount,
    periodStart,
    periodEnd,
    pendingPriceId: null,
    onSession: false,
    now: deps.now(),
  });
  const paid = invoice.status === 'paid';
  // As Stripe does, the period moves on even when the payment fails; the subscription is past_due.
  const next: SandboxSubscriptionsTable = {
    ...sub,
    price_id: priceId,
    upcoming_price_id: null,
    status: paid ? 'active' : 'past_due',
    period_start: periodStart,
    period_end: periodEnd,
    paid_for_period: paid ? price.amount : 0,
    past_due_since: paid ? null : periodStart,
  };
  await trx.updateTable('sandbox_subscriptions').set(next).where('id', '=', sub.id).execute();
  await emit('customer.subscription.updated', subscriptionObject(next), sub.customer_id);
}
