import { describe, expect, test } from 'vitest';
import { missingBrowserFeatures } from './browser-support.ts';

const modern = {
  fetch: () => undefined,
  structuredClone: () => undefined,
  Intl: { PluralRules: Intl.PluralRules },
  crypto: { getRandomValues: () => undefined, subtle: {} },
  isSecureContext: true,
};

describe('missingBrowserFeatures (spec 001 §2 upgrade-your-browser page)', () => {
  test('accepts a modern browser', () => {
    expect(missingBrowserFeatures(modern)).toEqual([]);
  });

  test('names what an old browser lacks', () => {
    expect(
      missingBrowserFeatures({ ...modern, fetch: undefined, structuredClone: undefined, Intl: {} }),
    ).toEqual(['fetch', 'structuredClone', 'Intl.PluralRules']);
  });

  test('requires crypto.subtle only on secure pages', () => {
    const noSubtle = { ...modern, crypto: { getRandomValues: () => undefined } };
    expect(missingBrowserFeatures({ ...noSubtle, isSecureContext: true })).toEqual(['crypto.subtle']);
    expect(missingBrowserFeatures({ ...noSubtle, isSecureContext: false })).toEqual([]);
  });
});
