import { gbToBytes } from '@trove/contract';
import type { CustomerBillingState, PaymentProvider } from '../../payments/provider.ts';
import { PaymentProviderError } from '../../payments/provider.ts';
import type { Repositories, Transact } from '../repositories.ts';
import type { BillingRepository } from './billing.repository.ts';
import { type PlanCatalogue, planById } from './catalogue.ts';
import type { GrantRow } from './grants.repository.ts';

/** Statuses whose subscription gives storage (spec 001 §4: past_due keeps it through the grace period). */
export const LIVE_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

/** The grant of a subscription has an id derived from the subscription's, so a re-sync rewrites it. */
export const STRIPE_GRANT_PREFIX = 'stripe:';
export const grantIdOf = (subscriptionId: string) => `${STRIPE_GRANT_PREFIX}${subscriptionId}`;

type Subscription = NonNullable<CustomerBillingState['subscription']>;

/**
 * The grant a live subscription gives (spec 001 §3 Grant): the plan's size; renews at the
 * period end unless canceled, then expires there instead. Null when it gives none.
 */
export function grantOf(
  userId: string,
  sub: Subscription,
  catalogue: PlanCatalogue,
  now: number,
): GrantRow | null {
  if (!LIVE_STATUSES.includes(sub.status) || sub.endedAt !== null) return null;
  const plan = planById(catalogue, sub.priceId);
  if (plan === undefined) return null;
  return {
    id: grantIdOf(sub.id),
    user_id: userId,
    source: 'stripe',
    size_bytes: Math.round(gbToBytes(plan.size_gb)),
    renews_at: sub.cancelAtPeriodEnd ? null : sub.periodEnd,
    expires_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    stripe_product_id: plan.id,
    created_by: 'billing',
    created_at: now,
    ended_at: null,
  };
}

/**
 * Writes a customer's state as the provider has it (the snapshot, the card, the `stripe` grant)
 * and recomputes users.max_space, on the caller's transaction. `state` null: the customer is
 * gone at the provider, and so is everything it gave.
 */
export async function writeBillingState(
  repos: Pick<Repositories, 'billing' | 'grants'>,
  a: {
    userId: string;
    state: CustomerBillingState | null;
    catalogue: PlanCatalogue;
    baseQuotaBytes: number;
    now: number;
  },
): Promise<void> {
  const { userId, state, now } = a;
  const sub = state?.subscription ?? null;
  const before = await repos.billing.subscriptionOf(userId);
  // Ended unpaid: canceled after past_due (spec 001 §4 grace period), remembered once seen.
  const endedUnpaid =
    sub !== null &&
    sub.status === 'canceled' &&
    before?.subscription_id === sub.id &&
    (before.status === 'past_due' || before.ended_unpaid === 1);
  await repos.billing.putCard(
    userId,
    state?.card
      ? {
          brand: state.card.brand,
          last4: state.card.last4,
          exp_month: state.card.expMonth,
          exp_year: state.card.expYear,
        }
      : null,
    now,
  );
  if (sub === null) await repos.billing.deleteSubscription(userId);
  else
    await repos.billing.putSubscription({
      user_id: userId,
      subscription_id: sub.id,
      status: sub.status,
      plan_id: sub.priceId,
      upcoming_plan_id: sub.upcomingPriceId,
      period_start: sub.periodStart,
      period_end: sub.periodEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd ? 1 : 0,
      trial_end: sub.trialEnd,
      ended_at: sub.endedAt,
      credit: Math.max(0, state?.creditBalance ?? 0),
      ended_unpaid: endedUnpaid ? 1 : 0,
      currency: state?.currency ?? null,
      synced_at: now,
    });
  const grant = sub === null ? null : grantOf(userId, sub, a.catalogue, now);
  for (const old of await repos.billing.stripeGrants(userId))
    if (old.id !== grant?.id) await repos.billing.endGrant(old.id, sub?.endedAt ?? now);
  if (grant !== null) await repos.billing.putGrant(grant);
  const maxSpace = (await repos.grants.recomputeMaxSpace(userId, a.baseQuotaBytes, now)) ?? a.baseQuotaBytes;
  // Read-only from billing (spec 001 §1, §6): a plan that ended unpaid while more is stored
  // than the quota now allows; a new plan or usage back under the quota clears it.
  const used = (await repos.billing.accountOf(userId))?.used_space ?? 0;
  await repos.billing.setBillingReadOnly(userId, endedUnpaid && used > maxSpace);
}

/**
 * The one sync (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 7, the t3 pattern): whatever happened,
 * re-read the customer's whole state from the provider and store it in one transaction, so the
 * order, repetition or loss of single events changes nothing.
 */
export function createBillingSync(deps: {
  provider: PaymentProvider;
  billing: Pick<BillingRepository, 'userOfCustomer'>;
  transact: Transact;
  catalogue: PlanCatalogue;
  baseQuotaBytes: number;
  now: () => number;
}) {
  return async function syncCustomer(customerId: string): Promise<void> {
    const userId = await deps.billing.userOfCustomer(customerId);
    // A customer nobody here owns (made by another instance, or its user deleted): nothing to do.
    if (userId === undefined) return;
    let state: CustomerBillingState | null;
    try {
      state = await deps.provider.fetchCustomerState(customerId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError && error.code === 'no_such_object')) throw error;
      state = null;
    }
    const now = deps.now();
    await deps.transact((repos) =>
      writeBillingState(repos, {
        userId,
        state,
        catalogue: deps.catalogue,
        baseQuotaBytes: deps.baseQuotaBytes,
        now,
      }),
    );
  };
}
export type SyncCustomer = ReturnType<typeof createBillingSync>;
