import { beforeEach, describe, expect, it } from 'vitest';
import { codeOfHash, forgetPairCode, keepPairCode, KEPT_CODE_MS, keptPairCode } from './pair-code.ts';

describe('the QR link code kept through a login (issue #27)', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('reads the code of a /cast link hash', () => {
    expect(codeOfHash('#AB3D7K')).toBe('AB3D7K');
    expect(codeOfHash('#ab%203d')).toBe('ab 3d');
    expect(codeOfHash('')).toBe('');
    expect(codeOfHash('#%E0%A4%A')).toBe('');
  });

  it('keeps the code for the tab until it lapses with the code itself', () => {
    keepPairCode('#AB3D7K', 1_000);
    expect(keptPairCode(1_000 + KEPT_CODE_MS - 1)).toBe('AB3D7K');
    expect(keptPairCode(1_000 + KEPT_CODE_MS)).toBe('');
  });

  it('keeps nothing for a link without a code, and leaves a kept one alone', () => {
    keepPairCode('#AB3D7K', 1_000);
    keepPairCode('', 2_000);
    expect(keptPairCode(2_000)).toBe('AB3D7K');
  });

  it('forgets the code once it paired', () => {
    keepPairCode('#AB3D7K', 1_000);
    forgetPairCode();
    expect(keptPairCode(1_000)).toBe('');
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('trove.cast.pairCode', '{not json');
    expect(keptPairCode()).toBe('');
    sessionStorage.setItem('trove.cast.pairCode', JSON.stringify({ code: 7, at: Date.now() }));
    expect(keptPairCode()).toBe('');
  });
});
