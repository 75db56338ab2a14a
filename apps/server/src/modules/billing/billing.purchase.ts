import { createHash } from 'node:crypto';
import { type PurchaseResponse, planUnavailableReason } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import {
  BadRequestError,
  ConflictError,
  IdempotencyKeyReusedError,
  InsufficientStoragePlanError,
  NotFoundError,
  PlanIsDowngradeError,
  PlanNotOfferedError,
} from '../../errors.ts';
import type { ChangeResult, ChangeTiming } from '../../payments/provider.ts';
import { toSubscriptionInfo, viaProvider } from './billing.mapping.ts';
import type { BillingContext, BillingDeps } from './billing.service.ts';
import { LIVE_STATUSES } from './billing.sync.ts';
import { type CataloguePlan, isAppOnlyIn, planById } from './catalogue.ts';

const DAY_MS = 86_400_000;

/** New (POST) or change (PUT) of spec 001 §7 /stripe/v1/purchase. */
export type PurchaseKind = 'new' | 'change';

/** The days of `months` calendar months from `now` (a trial is set in months, spec 001 §1). */
export function trialDays(months: number, now: number): number {
  if (months <= 0) return 0;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return Math.round((end.getTime() - now) / DAY_MS);
}

/**
 * When a change takes effect (spec 001 §4). A bigger plan, or the same size yearly instead of
 * monthly, is an upgrade or change: billed now with a new period, the unused part of the old
 * one credited. A smaller plan is a downgrade and waits for the period's end as the "upcoming"
 * plan (which "cancel upcoming" drops): the storage paid for stays until then and nothing needs
 * refunding (docs/SPEC-DEVIATIONS.md).
 */
export function changeTiming(current: CataloguePlan, next: CataloguePlan): ChangeTiming {
  return next.size_gb < current.size_gb ? 'period_end' : 'now';
}

/**
 * PUT and POST /stripe/v1/purchase (spec 001 §4, §7) with an Idempotency-Key: the first request
 * with a key claims it (billing_requests) and stores its answer; a replay gets that answer, the
 * same key with another body 422, and a request while the first still runs 409, so two
 * concurrent purchases charge once. Business rules are checked before the provider is asked.
 */
export function createPurchase(deps: BillingDeps) {
  const { repos, access, catalogue } = deps;

  async function run(
    caller: SignedInCaller,
    kind: PurchaseKind,
    planId: string,
    key: string,
    context: BillingContext,
  ): Promise<PurchaseResponse> {
    if (deps.payments === null) throw new NotFoundError('Plans are not sold on this server');
    const p = deps.payments.provider;
    await deps.payments.clock?.refresh();
    const plan = planById(catalogue, planId);
    if (
      plan === undefined ||
      !plan.on_sale ||
      plan.brand !== context.brand ||
      isAppOnlyIn(plan, context.region)
    )
      throw new PlanNotOfferedError();
    const customerId = await repos.billing.customerOf(caller.userId);
    if (customerId === undefined) throw new NotFoundError('No customer');
    const snapshot = await repos.billing.subscriptionOf(caller.userId);
    const live =
      snapshot !== undefined && snapshot.ended_at === null && LIVE_STATUSES.includes(snapshot.status);
    const current = live ? (planById(catalogue, snapshot.plan_id) ?? null) : null;
    if (kind === 'new' && live) throw new ConflictError('There is a subscription already: change its plan');
    if (kind === 'change' && !live) throw new NotFoundError('No subscription to change');
    if (current?.id === plan.id) throw new ConflictError('This is the current plan');
    const account = await repos.billing.accountOf(caller.userId);
    if (account === undefined) throw new NotFoundError();
    const reason = planUnavailableReason(
      { usedSpace: account.used_space, maxSpace: account.max_space ?? deps.baseQuotaBytes },
      current,
      plan,
    );
    if (reason === 'PLAN_IS_DOWNGRADE') throw new PlanIsDowngradeError();
    if (reason === 'INSUFFICIENT_STORAGE_PLAN') throw new InsufficientStoragePlanError();

    const providerKey = `${caller.userId}:purchase:${key}`;
    let result: ChangeResult;
    if (kind === 'new' || snapshot === undefined || current === null) {
      const days = snapshot === undefined ? trialDays(catalogue.trial_months, deps.now()) : 0;
      result = await viaProvider(() =>
        p.createSubscription({ customerId, priceId: plan.id, trialDays: days, key: providerKey }),
      );
    } else {
      const subscriptionId = snapshot.subscription_id;
      result = await viaProvider(() =>
        p.changeSubscription({
          subscriptionId,
          priceId: plan.id,
          timing: changeTiming(current, plan),
          key: providerKey,
        }),
      );
    }
    // Synced before the answer, so the client's next read sees what it was told.
    if (deps.sync !== null) await deps.sync(customerId);
    if (result.status === 'requires_action')
      return {
        status: 'requires_action',
        subscription_id: result.subscriptionId,
        client_secret: result.clientSecret,
      };
    if (result.status === 'requires_payment_method')
      return {
        status: 'requires_payment_method',
        subscription_id: result.subscriptionId,
        client_secret: null,
      };
    const synced = await repos.billing.subscriptionOf(caller.userId);
    if (synced === undefined) throw new NotFoundError('No subscription');
    return { subscription: toSubscriptionInfo(synced, catalogue) };
  }

  return async function purchase(
    caller: SignedInCaller,
    kind: PurchaseKind,
    planId: string,
    key: string | undefined,
    context: BillingContext,
  ): Promise<PurchaseResponse> {
    await access.require(caller, 'manageBilling');
    if (key === undefined || !/^[\x21-\x7e]{1,255}$/.test(key))
      throw new BadRequestError('An Idempotency-Key header (1 to 255 visible characters) is required');
    const hash = createHash('sha256')
      .update(JSON.stringify([kind, planId]))
      .digest('hex');
    const claimed = await repos.billing.claimRequest(caller.userId, key, hash, deps.now());
    if (claimed !== undefined) {
      if (claimed.request_hash !== hash) throw new IdempotencyKeyReusedError();
      if (claimed.response === null)
        throw new ConflictError('A request with this Idempotency-Key is in progress');
      return JSON.parse(claimed.response) as PurchaseResponse;
    }
    try {
      const response = await run(caller, kind, planId, key, context);
      await repos.billing.completeRequest(caller.userId, key, JSON.stringify(response));
      return response;
    } catch (error) {
      // A refusal is not stored: the same key may be tried again (with another card, say).
      await repos.billing.releaseRequest(caller.userId, key);
      throw error;
    }
  };
}
export type Purchase = ReturnType<typeof createPurchase>;
