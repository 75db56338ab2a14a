import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chargeOutcome } from './cards.ts';
import { invoiceObject, newId } from './events.ts';
import type { SandboxDatabase, SandboxInvoicesTable, SandboxSubscriptionsTable } from './tables.ts';

/** The sandbox's view of the database: Trove's tables and its own (see tables.ts). */
export type SandboxDb = Database & SandboxDatabase;
export type Tx = Transaction<SandboxDb>;
/** Records an event in the caller's transaction; it is delivered after the commit. */
export type Emit = (
  type: string,
  object: Record<string, unknown> & { id: string },
  customerId: string,
) => Promise<void>;

/** A price of the sandbox's catalogue (the plans file mirrored, as Stripe Prices would be). */
export interface SandboxPrice {
  id: string;
  /** Minor units for one period. */
  amount: number;
  currency: string;
  period: 'monthly' | 'yearly';
}

/**
 * `ms` plus one month or year in UTC, keeping the day of the month where it exists and the
 * month's last day where not (31 Jan → 28 Feb), as Stripe's billing anchors do.
 */
export function addPeriod(ms: number, period: SandboxPrice['period']): number {
  const d = new Date(ms);
  const months = period === 'monthly' ? 1 : 12;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}

export interface BillRequest {
  subscription: Pick<SandboxSubscriptionsTable, 'id' | 'customer_id'>;
  reason: SandboxInvoicesTable['reason'];
  /** Minor units; negative for a change that leaves credit (Stripe's negative invoice). */
  total: number;
  periodStart: number;
  periodEnd: number;
  pendingPriceId: string | null;
  /** The user is present (a purchase or change), so 3-D Secure can be asked; not for renewals. */
  onSession: boolean;
  now: number;
}

/**
 * Writes an invoice and charges it to the customer's default card. Credit is used first; a
 * negative total becomes credit (spec 001 §4: a downgrade is refunded as credit used on later
 * billing). Emits invoice.paid, invoice.payment_action_required or invoice.payment_failed.
 */
export async function bill(trx: Tx, emit: Emit, r: BillRequest): Promise<SandboxInvoicesTable> {
  const { balance, behaviour } = await customerCard(trx, r.subscription.customer_id);
  const creditApplied = Math.min(balance, Math.max(0, r.total));
  const amountDue = Math.max(0, r.total) - creditApplied;
  const outcome = amountDue === 0 ? 'paid' : chargeOutcome(behaviour, r.onSession);
  const invoice: SandboxInvoicesTable = {
    id: newId('in'),
    customer_id: r.subscription.customer_id,
    subscription_id: r.subscription.id,
    reason: r.reason,
    total: r.total,
    credit_applied: creditApplied,
    amount_due: amountDue,
    // A declined change is dropped (pending_if_incomplete); a declined renewal stays owed.
    status:
      outcome === 'paid'
        ? 'paid'
        : outcome === 'declined' && r.reason === 'subscription_update'
          ? 'void'
          : 'open',
    client_secret: outcome === 'requires_action' ? `${newId('pi')}_secret_${newId('s')}` : null,
    pending_price_id: r.pendingPriceId,
    period_start: r.periodStart,
    period_end: r.periodEnd,
    created_at: r.now,
  };
  await trx.insertInto('sandbox_invoices').values(invoice).execute();
  if (outcome === 'paid') await settleBalance(trx, invoice);
  const type =
    outcome === 'paid'
      ? 'invoice.paid'
      : outcome === 'requires_action'
        ? 'invoice.payment_action_required'
        : 'invoice.payment_failed';
  await emit(type, invoiceObject(invoice), invoice.customer_id);
  return invoice;
}

/** Moves the customer's balance for a paid invoice: credit used, or credit gained. */
export async function settleBalance(trx: Tx, invoice: SandboxInvoicesTable): Promise<void> {
  const change = invoice.total < 0 ? -invoice.total : -invoice.credit_applied;
  if (change === 0) return;
  await trx
    .updateTable('sandbox_customers')
    .set((eb) => ({ balance: eb('balance', '+', change) }))
    .where('id', '=', invoice.customer_id)
    .execute();
}

/** The customer's credit and how charges on their default card go (undefined: no card). */
async function customerCard(
  trx: Tx,
  customerId: string,
): Promise<{ balance: number; behaviour: string | undefined }> {
  const customer = await trx
    .selectFrom('sandbox_customers')
    .select(['balance', 'default_payment_method'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const card =
    customer.default_payment_method === null
      ? undefined
      : await trx
          .selectFrom('sandbox_payment_methods')
          .select('behaviour')
          .where('id', '=', customer.default_payment_method)
          .executeTakeFirst();
  return { balance: customer.balance, behaviour: card?.behaviour };
}

/**
 * Charges an open invoice again, off-session, to the customer's current default card (Stripe
 * retries a past_due subscription's invoice when the card is replaced). True when it is paid.
 */
export async function retryInvoice(trx: Tx, emit: Emit, invoice: SandboxInvoicesTable): Promise<boolean> {
  const { behaviour } = await customerCard(trx, invoice.customer_id);
  if (chargeOutcome(behaviour, false) !== 'paid') return false;
  await markPaid(trx, emit, invoice);
  return true;
}

/** An open invoice paid (a retry, or a completed 3-D Secure): the balance moves, invoice.paid goes out. */
export async function markPaid(trx: Tx, emit: Emit, invoice: SandboxInvoicesTable): Promise<void> {
  const paid = { ...invoice, status: 'paid' as const, client_secret: null };
  await trx
    .updateTable('sandbox_invoices')
    .set({ status: 'paid', client_secret: null })
    .where('id', '=', invoice.id)
    .execute();
  await settleBalance(trx, paid);
  await emit('invoice.paid', invoiceObject(paid), invoice.customer_id);
}
