import { describe, expect, test } from 'vitest';
import { sha256 } from '../../lib/sha256.ts';
import {
  base64UrlEncode,
  clearPendingLogin,
  codeChallengeS256,
  findPendingLogin,
  generateCodeVerifier,
  savePendingLogin,
} from './pkce.ts';

// RFC 7636 appendix B: the verifier is base64url of the octets listed there.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A Crypto whose `subtle` is missing, as on a page served over plain http. */
const insecureCrypto = {
  getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
} as unknown as Crypto;

describe('generateCodeVerifier', () => {
  test('is 43 characters of the base64url alphabet (RFC 7636 §4.1)', () => {
    for (let i = 0; i < 50; i++) {
      expect(generateCodeVerifier()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  test('differs every time', () => {
    const verifiers = new Set(Array.from({ length: 100 }, () => generateCodeVerifier()));
    expect(verifiers.size).toBe(100);
  });
});

describe('codeChallengeS256', () => {
  test('matches the RFC 7636 appendix B example', async () => {
    expect(await codeChallengeS256(RFC_VERIFIER, globalThis.crypto)).toBe(RFC_CHALLENGE);
  });

  test('gives the same answer without crypto.subtle (plain http)', async () => {
    expect(await codeChallengeS256(RFC_VERIFIER, insecureCrypto)).toBe(RFC_CHALLENGE);
  });
});

describe('sha256 fallback', () => {
  test.each(['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'æøå Български '.repeat(40)])(
    'agrees with crypto.subtle for %#',
    async (text) => {
      const data = new TextEncoder().encode(text);
      const expected = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
      expect(base64UrlEncode(sha256(data))).toBe(base64UrlEncode(expected));
    },
  );
});

describe('pending login', () => {
  test('round-trips through sessionStorage and is cleared after use', () => {
    savePendingLogin({ codeVerifier: RFC_VERIFIER, state: 's1' });
    expect(findPendingLogin()).toEqual({ codeVerifier: RFC_VERIFIER, state: 's1' });
    clearPendingLogin();
    expect(findPendingLogin()).toBeUndefined();
  });

  test('ignores a corrupt record', () => {
    sessionStorage.setItem('trove.pending_login', '{not json');
    expect(findPendingLogin()).toBeUndefined();
  });
});
