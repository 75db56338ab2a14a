/**
 * PKCE helpers (RFC 7636) for the login flow of spec 001 §4: the verifier stays in this tab's
 * sessionStorage, only its S256 challenge goes to the preflight.
 */

/** RFC 7636 §4.1 allows 43 to 128 characters; 32 random bytes give 43. */
const VERIFIER_BYTES = 32;

/** Base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh code verifier: 43 characters of [A-Za-z0-9_-] from a cryptographic source. */
export function generateCodeVerifier(cryptoApi: Crypto = globalThis.crypto): string {
  return base64UrlEncode(cryptoApi.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

/**
 * The S256 code challenge of `verifier`: base64url(SHA-256(ASCII(verifier))). Uses
 * `crypto.subtle` when the page has it and a plain implementation otherwise (plain http).
 */
export async function codeChallengeS256(
  verifier: string,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<string> {
  const data = new TextEncoder().encode(verifier);
  const subtle = (cryptoApi as Partial<Crypto>).subtle;
  // The plain SHA-256 is fetched only where it is needed: it would cost every first load of
  // /photos about 1 KiB of gzip for pages served over plain http alone.
  const digest = subtle
    ? new Uint8Array(await subtle.digest('SHA-256', data))
    : (await import('../../lib/sha256.ts')).sha256(data);
  return base64UrlEncode(digest);
}

const PENDING_LOGIN_KEY = 'trove.pending_login';

/** What the callback needs from the tab that started the login. */
export interface PendingLogin {
  codeVerifier: string;
  state: string;
}

/** Remembers the verifier and state of the login this tab started. */
export function savePendingLogin(pending: PendingLogin, storage: Storage = sessionStorage): void {
  storage.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
}

/** The login this tab started, if any. */
export function findPendingLogin(storage: Storage = sessionStorage): PendingLogin | undefined {
  const raw = storage.getItem(PENDING_LOGIN_KEY);
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingLogin>;
    return typeof value.codeVerifier === 'string' && typeof value.state === 'string'
      ? { codeVerifier: value.codeVerifier, state: value.state }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the pending login: a verifier is good for one exchange only. */
export function clearPendingLogin(storage: Storage = sessionStorage): void {
  storage.removeItem(PENDING_LOGIN_KEY);
}
