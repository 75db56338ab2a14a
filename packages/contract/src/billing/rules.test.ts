import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { GIB } from '../constants.ts';
import {
  isInsufficientStoragePlan,
  isPlanDowngrade,
  offeredSizes,
  planRows,
  planUnavailableReason,
  type PlanProductLike,
  type PlanTableInput,
} from './rules.ts';

const plan = (id: string, size_gb: number, period: 'monthly' | 'yearly'): PlanProductLike => ({
  id,
  size_gb,
  period,
});
const m100 = plan('m100', 100, 'monthly');
const y100 = plan('y100', 100, 'yearly');
const m500 = plan('m500', 500, 'monthly');
const y500 = plan('y500', 500, 'yearly');
const m1000 = plan('m1000', 1000, 'monthly');

const productArb = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  size_gb: fc.constantFrom(10, 100, 200, 500, 1000, 5000),
  period: fc.constantFrom<'monthly' | 'yearly'>('monthly', 'yearly'),
});

const tableArb: fc.Arbitrary<PlanTableInput<PlanProductLike>> = fc
  .uniqueArray(productArb, { selector: (p) => p.id, maxLength: 10 })
  .chain((products) => {
    const pick = products.length === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...products));
    return fc.record({
      products: fc.constant(products),
      activeProduct: pick,
      upcomingProduct: pick,
      selectedId: fc.option(fc.string({ maxLength: 6 })),
      usedSpace: fc.nat({ max: 6000 * GIB }),
      maxSpace: fc.nat({ max: 6000 * GIB }),
    });
  });

describe('PLAN_IS_DOWNGRADE (spec 001 §4, §5)', () => {
  test('yearly to monthly only', () => {
    expect(isPlanDowngrade(y100, m500)).toBe(true);
    expect(isPlanDowngrade(m500, y100)).toBe(false);
    expect(isPlanDowngrade(m500, m100)).toBe(false);
    expect(isPlanDowngrade(null, m100)).toBe(false);
  });

  test('no table ever offers a monthly plan to a yearly subscriber', () => {
    fc.assert(
      fc.property(tableArb, (input) => {
        if (input.activeProduct?.period !== 'yearly') return true;
        return planRows(input).every((row) => ['unavailable', 'upcoming'].includes(row.monthlyPlan.type));
      }),
    );
  });
});

describe('INSUFFICIENT_STORAGE_PLAN (spec 001 §5)', () => {
  test('used > quota − current plan + candidate', () => {
    // 15 GiB base + 100 GB plan = 115 GiB quota; 120 GiB used.
    const use = { usedSpace: 120 * GIB, maxSpace: 115 * GIB };
    expect(isInsufficientStoragePlan(use, m100, m100)).toBe(true);
    expect(isInsufficientStoragePlan(use, m100, m500)).toBe(false);
    expect(isInsufficientStoragePlan({ usedSpace: 115 * GIB, maxSpace: 115 * GIB }, m100, y100)).toBe(false);
    expect(isInsufficientStoragePlan({ usedSpace: 20 * GIB, maxSpace: 15 * GIB }, null, m100)).toBe(false);
    expect(isInsufficientStoragePlan({ usedSpace: 200 * GIB, maxSpace: 15 * GIB }, null, m100)).toBe(true);
  });

  test('a downgrade is named before a lack of storage', () => {
    expect(planUnavailableReason({ usedSpace: 900 * GIB, maxSpace: 515 * GIB }, y500, m100)).toBe(
      'PLAN_IS_DOWNGRADE',
    );
  });

  test("a plan sold only in the app in the caller's region is named first, whatever else holds", () => {
    const use = { usedSpace: 900 * GIB, maxSpace: 515 * GIB };
    expect(planUnavailableReason(use, y500, { ...m100, app_only: true })).toBe('APP_ONLY');
    expect(
      planUnavailableReason({ usedSpace: 0, maxSpace: 15 * GIB }, null, { ...m500, app_only: true }),
    ).toBe('APP_ONLY');
    expect(
      planUnavailableReason({ usedSpace: 0, maxSpace: 15 * GIB }, null, { ...m500, app_only: false }),
    ).toBe(null);
  });

  test('a plan too small for what is used is never available or selected', () => {
    fc.assert(
      fc.property(tableArb, (input) =>
        planRows(input).every((row) =>
          [row.monthlyPlan, row.yearlyPlan].every(
            (cell) =>
              !['available', 'selected'].includes(cell.type) ||
              !isInsufficientStoragePlan(input, input.activeProduct, cell.product),
          ),
        ),
      ),
    );
  });
});

describe('the plan table (spec 001 §3, §4, §5)', () => {
  test('a size is offered only when both a monthly and a yearly plan exist', () => {
    expect(offeredSizes([m100, y100, m500, m1000, y500])).toEqual([100, 500]);
    fc.assert(
      fc.property(fc.array(productArb, { maxLength: 12 }), (products) =>
        offeredSizes(products).every(
          (size) =>
            products.some((p) => p.size_gb === size && p.period === 'monthly') &&
            products.some((p) => p.size_gb === size && p.period === 'yearly'),
        ),
      ),
    );
  });

  test('cells for a monthly 100 GB subscriber who picked yearly 500 GB', () => {
    const rows = planRows({
      products: [m100, y100, m500, y500],
      activeProduct: m100,
      upcomingProduct: null,
      selectedId: 'y500',
      usedSpace: 50 * GIB,
      maxSpace: 115 * GIB,
    });
    expect(rows.map((r) => [r.size_gb, r.monthlyPlan.type, r.yearlyPlan.type])).toEqual([
      [100, 'active', 'available'],
      [500, 'available', 'selected'],
    ]);
  });

  test('a yearly subscriber with a scheduled change sees upcoming and the reasons', () => {
    const rows = planRows({
      products: [m100, y100, m500, y500],
      activeProduct: y500,
      upcomingProduct: y100,
      selectedId: null,
      usedSpace: 300 * GIB,
      maxSpace: 515 * GIB,
    });
    expect(rows[0]?.monthlyPlan).toEqual({ product: m100, type: 'unavailable', reason: 'PLAN_IS_DOWNGRADE' });
    expect(rows[0]?.yearlyPlan.type).toBe('upcoming');
    expect(rows[1]?.yearlyPlan.type).toBe('active');
  });

  test('the active and the upcoming plan always show as such', () => {
    fc.assert(
      fc.property(tableArb, (input) => {
        const cells = planRows(input).flatMap((r) => [r.monthlyPlan, r.yearlyPlan]);
        return cells.every(
          (cell) =>
            (cell.product.id === input.activeProduct?.id) === (cell.type === 'active') &&
            (cell.type !== 'upcoming' || cell.product.id === input.upcomingProduct?.id),
        );
      }),
    );
  });
});
