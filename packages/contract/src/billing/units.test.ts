import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BASE_QUOTA_BYTES, GIB, UNLIMITED_QUOTA_THRESHOLD } from '../constants.ts';
import {
  bytesToGb,
  gbToBytes,
  isUnlimited,
  MIN_VISIBLE_FILL_PERCENT,
  storageWarningLevel,
  usageFill,
} from './units.ts';

describe('storage units (spec 001 §9)', () => {
  test('GB convert by 2^30; the base quota is 15 GiB', () => {
    expect(gbToBytes(1)).toBe(1073741824);
    expect(BASE_QUOTA_BYTES).toBe(15 * 2 ** 30);
    expect(bytesToGb(gbToBytes(15))).toBe(15);
  });

  test('GB to bytes and back is the identity for whole GB', () => {
    fc.assert(fc.property(fc.nat({ max: 10_000_000 }), (gb) => bytesToGb(gbToBytes(gb)) === gb));
  });

  test('1000 × 1024^3 bytes and more is unlimited, one byte less is not', () => {
    expect(isUnlimited(1000 * 1024 ** 3)).toBe(true);
    expect(isUnlimited(1000 * 1024 ** 3 - 1)).toBe(false);
    expect(isUnlimited(999 * GIB)).toBe(false);
  });
});

describe('storage warnings above 80 % and 95 % (spec 001 §4, §9)', () => {
  test('the levels at the spec values', () => {
    expect(storageWarningLevel(8 * GIB, 10 * GIB)).toBe('');
    expect(storageWarningLevel(8 * GIB + 1, 10 * GIB)).toBe('80');
    expect(storageWarningLevel(9.5 * GIB, 10 * GIB)).toBe('80');
    expect(storageWarningLevel(9.5 * GIB + 1, 10 * GIB)).toBe('95');
    expect(storageWarningLevel(2000 * GIB, UNLIMITED_QUOTA_THRESHOLD)).toBe('');
    expect(storageWarningLevel(1, 0)).toBe('');
  });

  test('the level never falls when usage grows', () => {
    const rank = { '': 0, '80': 1, '95': 2 };
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 45 }),
        fc.nat({ max: 2 ** 45 }),
        fc.nat({ max: 2 ** 44 }),
        (a, b, max) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          return rank[storageWarningLevel(low, max)] <= rank[storageWarningLevel(high, max)];
        },
      ),
    );
  });
});

describe('the usage bar fill (spec 001 §3, §9)', () => {
  test('nothing used, or a maximum of 0, fills nothing', () => {
    expect(usageFill(0, 5 * GIB)).toBe(0);
    expect(usageFill(100, 0)).toBe(0);
  });

  test('a nonzero use fills at least 5 percent; a full or overfull account 100', () => {
    expect(usageFill(1, 5 * GIB)).toBe(MIN_VISIBLE_FILL_PERCENT);
    expect(usageFill(GIB, 4 * GIB)).toBe(25);
    expect(usageFill(6 * GIB, 5 * GIB)).toBe(100);
  });

  test('any nonzero use of a nonzero maximum fills between 5 and 100 percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 45 }), fc.integer({ min: 1, max: 2 ** 45 }), (used, max) => {
        const fill = usageFill(used, max);
        return fill >= MIN_VISIBLE_FILL_PERCENT && fill <= 100;
      }),
    );
  });
});
