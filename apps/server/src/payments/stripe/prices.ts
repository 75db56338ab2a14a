import type Stripe from 'stripe';
import { PaymentProviderError } from '../provider.ts';

/** The metadata key `trove admin sync-plans` puts on every price: the plan id, for good. */
export const PLAN_METADATA_KEY = 'trove_plan';

const CACHE_MS = 10 * 60_000;

/**
 * Our plan ids ↔ Stripe prices (modules/billing/catalogue.ts: a plan id is the price's
 * `lookup_key`). Resolved prices are cached; a miss asks Stripe again, so a plan synced after
 * the start is found. A price whose lookup key moved to a newer price (a changed amount) still
 * names its plan in `metadata.trove_plan`, so an old subscriber's plan is still known. A cached
 * price is kept 10 minutes: a price archived by a sync on another process is not sold for long.
 */
export class PriceResolver {
  private readonly byPlan = new Map<string, { price: Stripe.Price; at: number }>();

  private readonly stripe: Stripe;
  private readonly call: <T>(fn: () => Promise<T>) => Promise<T>;
  private readonly now: () => number;

  constructor(stripe: Stripe, call: <T>(fn: () => Promise<T>) => Promise<T>, now: () => number) {
    this.stripe = stripe;
    this.call = call;
    this.now = now;
  }

  /** The active price for a plan id; `no_such_object` when Stripe has none (run sync-plans). */
  async price(planId: string): Promise<Stripe.Price> {
    const cached = this.byPlan.get(planId);
    if (cached !== undefined && this.now() - cached.at < CACHE_MS) return cached.price;
    const list = await this.call(() =>
      this.stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 }),
    );
    const price = list.data[0];
    if (price === undefined)
      throw new PaymentProviderError(
        'no_such_object',
        `No Stripe price has the lookup key ${planId} (run trove admin sync-plans).`,
      );
    this.byPlan.set(planId, { price, at: this.now() });
    return price;
  }

  /** Forgets every cached price (after sync-plans moved a lookup key). */
  clear(): void {
    this.byPlan.clear();
  }
}

/** The plan id a Stripe price stands for; throws for a price no plan of ours made. */
export function planIdOf(price: Stripe.Price): string {
  const plan = price.lookup_key ?? price.metadata[PLAN_METADATA_KEY];
  if (plan === undefined || plan === '')
    throw new PaymentProviderError(
      'invalid_request',
      `The Stripe price ${price.id} has no lookup key or ${PLAN_METADATA_KEY} metadata: it is not one of Trove's plans.`,
    );
  return plan;
}
