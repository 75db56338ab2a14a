import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';

/**
 * The plans on sale (issue #25; spec 001 §1 plans, trial, brands, app-only purchases by region;
 * §3 availableProducts). The operator edits a JSON file (`PLANS_FILE`, by default
 * `apps/server/config/plans.json`); it is read and checked once at start, so a mistake stops
 * the server with every problem listed, never a purchase. `GET /stripe_products` answers from
 * it without asking the provider; `trove admin sync-plans` mirrors it to Stripe products and
 * prices (each price's `lookup_key` is the plan id, so a re-run changes nothing). A plan id is
 * the price id every provider call uses: the sandbox knows plans by it, and the Stripe adapter
 * resolves it through the lookup key.
 */

export const CataloguePlan = z.object({
  /** Stable id: the wire's product id and the provider's price lookup key. */
  id: z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/)),
  /** Which brand sells it (spec 001 §1: the Norwegian brand on .no hosts, the international one elsewhere). */
  brand: z.enum(['intl', 'no']),
  /** GB of 2^30 bytes (spec 001 §9); 1000 or more reads as unlimited. */
  size_gb: z.int().check(z.positive()),
  period: z.enum(['monthly', 'yearly']),
  /** Minor units for one period (spec 001 §9). */
  price: z.int().check(z.nonnegative()),
  /** ISO 4217, upper case. */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /**
   * Regions (ISO 3166 alpha-2, upper case) where this plan is bought only in the mobile app
   * (spec 001 §1, §6): the web lists it there but does not sell it. The caller's region comes
   * from REGION_HEADER; without it no plan is app-only.
   */
  app_only_regions: z._default(z.array(z.string().check(z.regex(/^[A-Z]{2}$/))), []),
  /** A plan no longer sold keeps serving who has it: `false` hides it from new purchases. */
  on_sale: z._default(z.boolean(), true),
});
export type CataloguePlan = z.infer<typeof CataloguePlan>;

export const PlanCatalogue = z
  .object({
    /** Free-trial months of a first subscription (spec 001 §1, §9); 0 for none. */
    trial_months: z.int().check(z.nonnegative(), z.maximum(24)),
    plans: z.array(CataloguePlan),
  })
  .check(
    z.refine((c) => new Set(c.plans.map((p) => p.id)).size === c.plans.length, 'plan ids must be unique'),
    z.refine(
      (c) => c.plans.every((p) => c.plans.every((q) => p.brand !== q.brand || p.currency === q.currency)),
      'every plan of one brand must use one currency',
    ),
  );
export type PlanCatalogue = z.infer<typeof PlanCatalogue>;

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** Reads and checks the catalogue; throws CatalogueError naming the file and every problem. */
export function loadPlanCatalogue(file: string): PlanCatalogue {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`Plan catalogue ${file}: ${(error as Error).message}`);
  }
  const result = PlanCatalogue.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new CatalogueError(`Plan catalogue ${file} is invalid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Is `plan` bought only in the mobile app where the caller is (spec 001 §1, §6)? Only with a
 * region (REGION_HEADER, set by the operator's proxy); without one the web sells every plan.
 */
export function isAppOnlyIn(plan: CataloguePlan, region: string | null): boolean {
  return region !== null && plan.app_only_regions.includes(region);
}

/** A plan by id, sold or not (a subscriber keeps a plan taken off sale). */
export function planById(catalogue: PlanCatalogue, id: string): CataloguePlan | undefined {
  return catalogue.plans.find((p) => p.id === id);
}
