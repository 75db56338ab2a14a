import { gbToBytes } from './units.ts';

/*
 * The plan rules of spec 001 §4 and §5, pure: what can be chosen in the plan table and why
 * not. Both the server (refusing a purchase) and the web (greying a cell) use them, so the
 * two never disagree.
 */

/** What the rules need of a product (a StripeProduct of schemas.ts fits). */
export interface PlanProductLike {
  id: string;
  /** Size in GB (2^30 bytes). */
  size_gb: number;
  period: 'monthly' | 'yearly';
  /** Bought only in the mobile app in the caller's region (spec 001 §1). */
  app_only?: boolean;
}

/**
 * Why a plan cannot be chosen; spec 001 §5 names, kept as spelled there, and APP_ONLY for a
 * plan the caller's region buys only in the mobile app (spec 001 §1, §6).
 */
export type PlanUnavailableReason = 'PLAN_IS_DOWNGRADE' | 'INSUFFICIENT_STORAGE_PLAN' | 'APP_ONLY';

/** spec 001 §4, §5: "A yearly plan cannot be switched back to monthly." */
export function isPlanDowngrade(current: PlanProductLike | null, candidate: PlanProductLike): boolean {
  return current?.period === 'yearly' && candidate.period === 'monthly';
}

/** The storage side of a plan choice: bytes used and the quota (max_space) now. */
export interface StorageUse {
  usedSpace: number;
  maxSpace: number;
}

/**
 * spec 001 §5 INSUFFICIENT_STORAGE_PLAN: used storage exceeds the quota minus the current
 * plan size plus the candidate size (a plan smaller than what is used cannot be chosen).
 * Without a current plan its size counts as 0.
 */
export function isInsufficientStoragePlan(
  use: StorageUse,
  current: PlanProductLike | null,
  candidate: PlanProductLike,
): boolean {
  const quotaAfter = use.maxSpace - gbToBytes(current?.size_gb ?? 0) + gbToBytes(candidate.size_gb);
  return use.usedSpace > quotaAfter;
}

/**
 * Why `candidate` cannot be chosen, or null when it can. A plan the web does not sell in the
 * caller's region is named first, then a downgrade before a lack of storage: it is refused
 * whatever the storage.
 */
export function planUnavailableReason(
  use: StorageUse,
  current: PlanProductLike | null,
  candidate: PlanProductLike,
): PlanUnavailableReason | null {
  if (candidate.app_only === true) return 'APP_ONLY';
  if (isPlanDowngrade(current, candidate)) return 'PLAN_IS_DOWNGRADE';
  if (isInsufficientStoragePlan(use, current, candidate)) return 'INSUFFICIENT_STORAGE_PLAN';
  return null;
}

/**
 * The sizes offered, smallest first (spec 001 §5: "A size is offered only if both monthly and
 * yearly versions exist").
 */
export function offeredSizes(products: readonly PlanProductLike[]): number[] {
  const monthly = new Set(products.filter((p) => p.period === 'monthly').map((p) => p.size_gb));
  const yearly = new Set(products.filter((p) => p.period === 'yearly').map((p) => p.size_gb));
  return [...monthly].filter((size) => yearly.has(size)).sort((a, b) => a - b);
}

/** A plan cell of the comparison table (spec 001 §3 plan row, §4 plan cell types). */
export type PlanCell<P extends PlanProductLike = PlanProductLike> = { product: P } & (
  | { type: 'available' }
  | { type: 'unavailable'; reason: PlanUnavailableReason }
  | { type: 'selected' }
  | { type: 'active' }
  | { type: 'upcoming' }
);

/** One row of the comparison table: a size with its monthly and yearly plan (spec 001 §3). */
export interface PlanRow<P extends PlanProductLike = PlanProductLike> {
  size_gb: number;
  monthlyPlan: PlanCell<P>;
  yearlyPlan: PlanCell<P>;
}

/** What the plan table is built from (spec 001 §3 storage plan state). */
export interface PlanTableInput<P extends PlanProductLike> extends StorageUse {
  products: readonly P[];
  /** The plan paid for now (stripeSubscriptionInfo.activeProduct), if any. */
  activeProduct: PlanProductLike | null;
  /** The plan scheduled to follow at the period's end (upcomingProduct), if any. */
  upcomingProduct: PlanProductLike | null;
  /** The id the user picked in the table, if any. */
  selectedId: string | null;
}

/**
 * The type of `product`'s cell (spec 001 §4). Active and upcoming are facts and win; then a
 * rule that forbids the plan wins over the selection, so a forbidden plan never shows as
 * chosen; then the selection.
 */
export function planCellType<P extends PlanProductLike>(input: PlanTableInput<P>, product: P): PlanCell<P> {
  if (input.activeProduct?.id === product.id) return { product, type: 'active' };
  if (input.upcomingProduct?.id === product.id) return { product, type: 'upcoming' };
  const reason = planUnavailableReason(input, input.activeProduct, product);
  if (reason !== null) return { product, type: 'unavailable', reason };
  if (input.selectedId === product.id) return { product, type: 'selected' };
  return { product, type: 'available' };
}

/**
 * The rows of the plan table, smallest size first, one per offered size. When the catalogue
 * holds two products of one size and period, the first listed is shown.
 */
export function planRows<P extends PlanProductLike>(input: PlanTableInput<P>): PlanRow<P>[] {
  const find = (size: number, period: PlanProductLike['period']): P | undefined =>
    input.products.find((p) => p.size_gb === size && p.period === period);
  return offeredSizes(input.products).flatMap((size) => {
    const monthly = find(size, 'monthly');
    const yearly = find(size, 'yearly');
    if (monthly === undefined || yearly === undefined) return [];
    return [
      { size_gb: size, monthlyPlan: planCellType(input, monthly), yearlyPlan: planCellType(input, yearly) },
    ];
  });
}
