import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  grantsForDisplay,
  MERGED_GRANT_SOURCES,
  storageSourceKind,
  type GrantLike,
} from './grants-display.ts';

const SOURCES = ['stripe', 'customer_service', 'other', 'capture', 'b2b', 'apple_store', 'android_store'];
const time = fc.option(fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }));
const grantArb: fc.Arbitrary<GrantLike> = fc.record({
  source: fc.constantFrom(...SOURCES),
  size_gb: fc.constantFrom(1, 5, 100, 999, 1000, 5000),
  renews_at: time,
  expires_at: time,
});
const total = (grants: readonly GrantLike[]) => grants.reduce((sum, g) => sum + g.size_gb, 0);

describe('grants as listed (spec 001 §6, §9)', () => {
  test('customer_service, other and capture merge per source; b2b of 1000 GB or more apart', () => {
    const grants: GrantLike[] = [
      { source: 'customer_service', size_gb: 5, renews_at: null, expires_at: 1_800_000_000 },
      { source: 'stripe', size_gb: 100, renews_at: 1_750_000_000, expires_at: null },
      { source: 'customer_service', size_gb: 10, renews_at: null, expires_at: 1_700_000_000 },
      { source: 'b2b', size_gb: 1000, renews_at: null, expires_at: null },
      { source: 'b2b', size_gb: 50, renews_at: null, expires_at: null },
      { source: 'apple_store', size_gb: 200, renews_at: 1, expires_at: null },
      { source: 'apple_store', size_gb: 200, renews_at: 2, expires_at: null },
    ];
    const { listed, apart } = grantsForDisplay(grants);
    expect(listed).toEqual([
      { source: 'customer_service', size_gb: 15, renews_at: null, expires_at: 1_700_000_000, count: 2 },
      grants[1],
      grants[4],
      grants[5],
      grants[6],
    ]);
    expect(apart).toEqual([grants[3]]);
  });

  test('merging preserves the total size', () => {
    fc.assert(
      fc.property(fc.array(grantArb, { maxLength: 20 }), (grants) => {
        const { listed, apart } = grantsForDisplay(grants);
        return total(listed) + total(apart) === total(grants);
      }),
    );
  });

  test('a merged source shows once; the large b2b grants all show apart', () => {
    fc.assert(
      fc.property(fc.array(grantArb, { maxLength: 20 }), (grants) => {
        const { listed, apart } = grantsForDisplay(grants);
        const merged = ['customer_service', 'other', 'capture'];
        return (
          merged.every((s) => listed.filter((g) => g.source === s).length <= 1) &&
          apart.length === grants.filter((g) => g.source === 'b2b' && g.size_gb >= 1000).length &&
          listed.every((g) => g.source !== 'b2b' || g.size_gb < 1000)
        );
      }),
    );
  });

  test('a merged line never expires later than any of its grants', () => {
    fc.assert(
      fc.property(fc.array(grantArb, { maxLength: 20 }), (grants) =>
        grantsForDisplay(grants).listed.every(
          (line) =>
            !MERGED_GRANT_SOURCES.includes(line.source) ||
            grants
              .filter((g) => g.source === line.source && g.expires_at !== null)
              .every((g) => line.expires_at !== null && line.expires_at <= (g.expires_at ?? 0)),
        ),
      ),
    );
  });
});

describe('storage-source kinds (spec 001 §3)', () => {
  test('each grant source shows as its kind', () => {
    expect(SOURCES.map(storageSourceKind)).toEqual([
      'web',
      'customer_service',
      'other',
      'old_web_shop',
      'business_customer',
      'apple_store',
      'google_play_store',
    ]);
    expect(storageSourceKind('connect_store')).toBe('other');
  });
});
