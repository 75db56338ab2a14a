import type Stripe from 'stripe';
import type { CataloguePlan, PlanCatalogue } from '../../modules/billing/catalogue.ts';
import { PaymentProviderError } from '../provider.ts';
import { call } from './client.ts';
import { PLAN_METADATA_KEY } from './prices.ts';

/**
 * `trove admin sync-plans` (issue #25; RESEARCH-ACCOUNT-PAYMENTS §1.3 point 1): mirrors the
 * catalogue to Stripe. One product per brand and size, with our own id (`trove-no-100gb`), so
 * it is found by id and never made twice (Stripe's search lags new objects); one price per plan,
 * its `lookup_key` the plan id (what the provider resolves plan ids by). A plan whose amount,
 * currency, period or product changed gets a new price that takes over the lookup key
 * (`transfer_lookup_key`); the old price is archived, and subscribers on it keep it until they
 * change plan (Stripe never moves a subscription to another price by itself). A second run
 * changes nothing. Every create carries an idempotency key naming what it replaces, so a run
 * cut short and run again makes no duplicate.
 */

export interface SyncLine {
  plan: string;
  action: 'unchanged' | 'created' | 'replaced';
  priceId: string;
  detail: string;
}

export async function syncPlans(
  stripe: Stripe,
  secretKey: string,
  catalogue: PlanCatalogue,
): Promise<SyncLine[]> {
  const run = <T>(fn: () => Promise<T>) => call(secretKey, fn);
  const products = new Map<string, string>();
  const lines: SyncLine[] = [];
  for (const plan of catalogue.plans) {
    const productId = `trove-${plan.brand}-${String(plan.size_gb)}gb`;
    if (!products.has(productId)) products.set(productId, await ensureProduct(stripe, run, productId, plan));
    const existing = (await run(() => stripe.prices.list({ lookup_keys: [plan.id], limit: 1 }))).data[0];
    const interval = plan.period === 'yearly' ? 'year' : 'month';
    const currency = plan.currency.toLowerCase();
    if (existing !== undefined && matches(existing, plan, productId)) {
      lines.push({ plan: plan.id, action: 'unchanged', priceId: existing.id, detail: describe(plan) });
      continue;
    }
    const created = await run(() =>
      stripe.prices.create(
        {
          product: productId,
          unit_amount: plan.price,
          currency,
          recurring: { interval, interval_count: 1 },
          lookup_key: plan.id,
          ...(existing === undefined ? {} : { transfer_lookup_key: true }),
          metadata: { [PLAN_METADATA_KEY]: plan.id },
          nickname: plan.id,
        },
        {
          idempotencyKey: `trove:sync:${plan.id}:${existing?.id ?? 'new'}:${String(plan.price)}:${currency}:${interval}:${productId}`,
        },
      ),
    );
    if (existing === undefined) {
      lines.push({ plan: plan.id, action: 'created', priceId: created.id, detail: describe(plan) });
      continue;
    }
    if (existing.active) await run(() => stripe.prices.update(existing.id, { active: false }));
    lines.push({
      plan: plan.id,
      action: 'replaced',
      priceId: created.id,
      detail: `${describe(plan)} (was ${String(existing.unit_amount ?? '?')} ${existing.currency.toUpperCase()}, ${existing.id} archived)`,
    });
  }
  return lines;
}

function matches(price: Stripe.Price, plan: CataloguePlan, productId: string): boolean {
  return (
    price.active &&
    price.unit_amount === plan.price &&
    price.currency === plan.currency.toLowerCase() &&
    price.recurring?.interval === (plan.period === 'yearly' ? 'year' : 'month') &&
    price.recurring.interval_count === 1 &&
    (typeof price.product === 'string' ? price.product : price.product.id) === productId
  );
}

function describe(plan: CataloguePlan): string {
  return `${String(plan.price)} ${plan.currency} per ${plan.period === 'yearly' ? 'year' : 'month'}`;
}

async function ensureProduct(
  stripe: Stripe,
  run: <T>(fn: () => Promise<T>) => Promise<T>,
  id: string,
  plan: CataloguePlan,
): Promise<string> {
  const name = `Trove ${String(plan.size_gb)} GB (${plan.brand})`;
  try {
    const product = await run(() => stripe.products.retrieve(id));
    if (!product.active) await run(() => stripe.products.update(id, { active: true }));
    return product.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || error.code !== 'no_such_object') throw error;
  }
  const created = await run(() =>
    stripe.products.create(
      { id, name, metadata: { trove_brand: plan.brand, trove_size_gb: String(plan.size_gb) } },
      { idempotencyKey: `trove:sync:product:${id}` },
    ),
  );
  return created.id;
}
