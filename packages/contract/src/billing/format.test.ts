import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatMinorUnits,
  parseMinorUnits,
  priceParts,
  priceText,
  yearlyPerMonthMinor,
  yearlySavingsPercent,
} from './format.ts';

describe('prices (spec 001 §9)', () => {
  test('minor units ÷ 100, decimals only when not whole, CURRENCY amount', () => {
    expect(priceText(priceParts(9900, 'nok'))).toBe('NOK 99');
    expect(priceText(priceParts(9950, 'EUR'))).toBe('EUR 99.50');
    expect(priceText(priceParts(1999, 'USD'))).toBe('USD 19.99');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(0)).toBe('0');
    expect(formatMinorUnits(-250)).toBe('-2.50');
  });

  test('formatting round-trips for every integer amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (minor) => parseMinorUnits(formatMinorUnits(minor)) === minor),
    );
  });

  test('a whole amount never shows a decimal point, a part amount always two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (minor) => {
        const text = formatMinorUnits(minor);
        return minor % 100 === 0 ? !text.includes('.') : /\.\d{2}$/.test(text);
      }),
    );
  });

  test('parse refuses what format never writes', () => {
    expect(parseMinorUnits('99.5')).toBeNull();
    expect(parseMinorUnits('1,00')).toBeNull();
    expect(parseMinorUnits('')).toBeNull();
  });
});

describe('yearly per month and savings (spec 001 §9)', () => {
  test('a yearly price per month is ÷ 12 to the nearest minor unit', () => {
    expect(yearlyPerMonthMinor(99900)).toBe(8325);
    expect(yearlyPerMonthMinor(100000)).toBe(8333);
    expect(yearlyPerMonthMinor(6)).toBe(1);
    fc.assert(
      fc.property(
        fc.nat({ max: 10 ** 10 }),
        (yearly) => Math.abs(yearlyPerMonthMinor(yearly) * 12 - yearly) <= 6,
      ),
    );
  });

  test("'Save {n}': the whole percent saved against twelve monthly payments", () => {
    expect(yearlySavingsPercent(10000, 100000)).toBe(16);
    expect(yearlySavingsPercent(9900, 99000)).toBe(16);
    expect(yearlySavingsPercent(1000, 12000)).toBeNull();
    expect(yearlySavingsPercent(1000, 13000)).toBeNull();
    expect(yearlySavingsPercent(0, 100)).toBeNull();
  });

  test('the saving shown never exceeds the real saving and is at most 1 point under it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 7 }),
        fc.integer({ min: 1, max: 12 * 10 ** 7 }),
        (monthly, yearly) => {
          const n = yearlySavingsPercent(monthly, yearly);
          const real = ((monthly * 12 - yearly) * 100) / (monthly * 12);
          return n === null ? real < 1 : n <= real && real < n + 1;
        },
      ),
    );
  });
});
