import { CAST_CODE_TTL_MS } from '@trove/contract';

/*
 * The code of a TV's QR link (/cast#CODE) kept for this tab through the login (issue #27).
 * A signed-out phone that scans the code goes to /login?redir=/cast: the redirect carries the
 * path only, and the code must not ride in a query string a server could log (it is in the
 * hash for that reason). So the code waits in sessionStorage (this tab, this origin) until
 * the pairing page, signed in, takes it; it lapses with the code itself.
 */

const KEY = 'trove.cast.pairCode';
/** A kept code lapses with the code itself: the server lets it work no longer. */
export const KEPT_CODE_MS = CAST_CODE_TTL_MS;

/** The code in a /cast link's hash ('#AB3D7K' → 'AB3D7K'), or ''. */
export function codeOfHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return ''; // A malformed escape in a typed link: no code, the person types it.
  }
}

/** Keeps the code of `hash` for this tab, when it holds one. Safe to call on every render. */
export function keepPairCode(hash: string, now = Date.now()): void {
  const code = codeOfHash(hash);
  if (code === '') return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused (private mode): the code can still be typed.
  }
}

/** The kept code while it is still young enough to work, else ''. */
export function keptPairCode(now = Date.now()): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { code?: unknown; at?: unknown } | null;
    if (typeof kept?.code !== 'string' || typeof kept.at !== 'number') return '';
    return now - kept.at < KEPT_CODE_MS ? kept.code : '';
  } catch {
    return '';
  }
}

/** Forgets the kept code: it paired, or it was not the TV's after all. */
export function forgetPairCode(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
