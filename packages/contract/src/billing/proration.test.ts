import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { prorate } from './proration.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const end = Date.UTC(2026, 1, 1); // 31 days

describe('prorate', () => {
  test('half a period unused credits half of what was paid, and the new plan is charged in full', () => {
    const p = prorate({
      paid: 6200,
      periodStart: start,
      periodEnd: end,
      now: start + 15.5 * DAY,
      newPrice: 10_000,
    });
    expect(p).toEqual({
      credit: 3100,
      charge: 10_000,
      amountDue: 6900,
      creditLeft: 0,
      unusedSeconds: 15.5 * 86_400,
    });
  });

  test('a downgrade early in the period leaves credit for later billing (spec 001 §4)', () => {
    const p = prorate({ paid: 10_000, periodStart: start, periodEnd: end, now: start + DAY, newPrice: 2000 });
    expect(p.credit).toBe(Math.floor((10_000 * 30) / 31));
    expect(p.amountDue).toBe(0);
    expect(p.creditLeft).toBe(p.credit - 2000);
  });

  test('a change at the start credits everything paid; after the end nothing', () => {
    expect(
      prorate({ paid: 999, periodStart: start, periodEnd: end, now: start - DAY, newPrice: 0 }).credit,
    ).toBe(999);
    expect(
      prorate({ paid: 999, periodStart: start, periodEnd: end, now: end + DAY, newPrice: 500 }),
    ).toMatchObject({
      credit: 0,
      amountDue: 500,
      unusedSeconds: 0,
    });
  });

  test('rejects fractional or negative amounts and empty periods', () => {
    expect(() => prorate({ paid: 1.5, periodStart: start, periodEnd: end, now: start, newPrice: 1 })).toThrow(
      RangeError,
    );
    expect(() => prorate({ paid: 1, periodStart: start, periodEnd: end, now: start, newPrice: -1 })).toThrow(
      RangeError,
    );
    expect(() => prorate({ paid: 1, periodStart: end, periodEnd: end, now: start, newPrice: 1 })).toThrow(
      RangeError,
    );
  });

  const input = fc
    .record({
      paid: fc.integer({ min: 0, max: 10_000_000 }),
      periodStart: fc.integer({ min: 0, max: 4_000_000_000_000 }),
      length: fc.integer({ min: 1000, max: 400 * DAY }),
      offset: fc.integer({ min: -10 * DAY, max: 410 * DAY }),
      newPrice: fc.integer({ min: 0, max: 10_000_000 }),
    })
    .map(({ paid, periodStart, length, offset, newPrice }) => ({
      paid,
      periodStart,
      periodEnd: periodStart + length,
      now: periodStart + offset,
      newPrice,
    }));

  test('integer results; credit between 0 and what was paid; due and credit left never both positive', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = prorate(i);
        for (const v of Object.values(p)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(p.credit).toBeLessThanOrEqual(i.paid);
        expect(p.amountDue * p.creditLeft).toBe(0);
        expect(p.amountDue - p.creditLeft).toBe(i.newPrice - p.credit);
      }),
    );
  });

  test('later changes never credit more', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 30 * DAY }), (i, later) => {
        expect(prorate({ ...i, now: i.now + later }).credit).toBeLessThanOrEqual(prorate(i).credit);
      }),
    );
  });

  test('the credit is within one minor unit of the exact pro-rata share at second granularity', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = prorate(i);
        const total = Math.floor(i.periodEnd / 1000) - Math.floor(i.periodStart / 1000);
        const exact = (i.paid * p.unusedSeconds) / Math.max(1, total);
        expect(exact - p.credit).toBeGreaterThanOrEqual(0);
        expect(exact - p.credit).toBeLessThan(1);
      }),
    );
  });
});
