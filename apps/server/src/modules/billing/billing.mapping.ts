import type { StripeProduct, StripeSubscriptionInfo } from '@trove/contract';
import {
  AppError,
  ConflictError,
  IdempotencyKeyReusedError,
  NotFoundError,
  PaymentRefusedError,
} from '../../errors.ts';
import { PaymentProviderError } from '../../payments/provider.ts';
import type { BillingSubscriptionRow } from './billing.repository.ts';
import { type CataloguePlan, type PlanCatalogue, planById } from './catalogue.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A catalogue plan as the wire has it (spec 001 §3 availableProducts). */
export function toProduct(plan: CataloguePlan): StripeProduct {
  return {
    id: plan.id,
    size_gb: plan.size_gb,
    price: plan.price,
    currency: plan.currency,
    period: plan.period,
  };
}

/** The synced snapshot as the storage screen reads it (spec 001 §3 stripeSubscriptionInfo). */
export function toSubscriptionInfo(
  row: BillingSubscriptionRow,
  catalogue: PlanCatalogue,
): StripeSubscriptionInfo {
  const active = planById(catalogue, row.plan_id);
  const upcoming = row.upcoming_plan_id === null ? undefined : planById(catalogue, row.upcoming_plan_id);
  return {
    subscriptionId: row.subscription_id,
    activeProduct: active ? toProduct(active) : null,
    upcomingProduct: upcoming ? toProduct(upcoming) : null,
    status: row.status as StripeSubscriptionInfo['status'],
    current_period_end: seconds(row.period_end),
    cancel_at_period_end: row.cancel_at_period_end === 1,
    trial_end: row.trial_end === null ? null : seconds(row.trial_end),
    credit: Math.max(0, row.credit),
    currency: row.currency ?? active?.currency ?? 'EUR',
  };
}

/**
 * A provider's refusal as the client should see it: a stable 4xx code, never a 500 (card
 * problems 402 with Stripe's code, an unknown object 404, a request the state forbids 409).
 */
export function providerErrorToAppError(error: unknown): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.code) {
    case 'card_declined':
    case 'insufficient_funds':
    case 'expired_card':
    case 'invalid_card_number':
    case 'authentication_required':
      return new PaymentRefusedError(error.code, error.message);
    case 'no_such_object':
      return new NotFoundError(error.message);
    case 'idempotency_key_reused':
      return new IdempotencyKeyReusedError();
    case 'invalid_request':
      return new ConflictError(error.message);
  }
}

/** Runs a provider call, translating its refusals (providerErrorToAppError). */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const mapped = providerErrorToAppError(error);
    if (mapped instanceof AppError) throw mapped;
    throw error;
  }
}
