import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { AlbumGrant } from '@trove/contract';

/*
 * [Note: Visitors]
 *
 * A visitor opens a shared album by its link (spec 000 §6). Where the album has a password
 * they send the album auth value (spec 000 §5: derived from the password in the browser) once,
 * in the `x-album-auth` header of POST /jobs/{id}/auth; the server compares it with its
 * Argon2id hash (never storing the value), throttled per album and per client, and answers
 * with a grant: an HMAC over album id, the album's `auth_epoch` and an expiry. The client
 * sends the grant as the foreign-auth header (spec 000 §6) on every later call; checking it
 * costs one HMAC, not a slow hash per request.
 *
 * Changing the password or making the album private bumps `auth_epoch`: every grant of the
 * old epoch stops opening the album at once, and so does every media URL signed for a
 * non-owner, whose session part (`sid`) names the epoch too (`<session or v>~<epoch>`, see
 * `mediaScope`). Nothing is kept per visitor, so there is nothing to clean up.
 */

/** A grant lasts a month: a visitor who keeps the link keeps the album that long. */
const GRANT_DAYS = 30;
const DAY_MS = 86_400_000;

export function createVisitorGrants(secret: Buffer, now: () => number) {
  const key = createSecretKey(secret);
  const mac = (jobId: string, epoch: number, exp: number) =>
    createHmac('sha256', key)
      .update(`album-grant\n${jobId}\n${String(epoch)}\n${String(exp)}`)
      .digest('base64url');
  return {
    issue(jobId: string, epoch: number): AlbumGrant {
      const exp = Math.floor((now() + GRANT_DAYS * DAY_MS) / 1000);
      return { grant: `g1.${String(epoch)}.${String(exp)}.${mac(jobId, epoch, exp)}`, expires: exp };
    },
    /** True when the grant is ours, for this album and epoch, and unexpired. */
    verify(grant: string, jobId: string, epoch: number): boolean {
      const match = /^g1\.(0|[1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(grant);
      if (!match) return false;
      const [, epochText = '', expText = '', sig = ''] = match;
      if (Number(epochText) !== epoch) return false;
      const exp = Number(expText);
      if (exp * 1000 <= now()) return false;
      const expected = Buffer.from(mac(jobId, epoch, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type VisitorGrants = ReturnType<typeof createVisitorGrants>;

/**
 * The `sid` of media URLs handed to a caller: the owner's are bound to their session only;
 * everyone else's also to the album's epoch, so they end with the visitor's access.
 */
export function mediaScope(sessionId: string | null, epoch: number | null): string {
  return epoch === null ? (sessionId ?? 'v') : `${sessionId ?? 'v'}~${String(epoch)}`;
}

/** The parts of a media URL's `sid`. */
export function parseMediaScope(sid: string): { sessionId: string | null; epoch: number | null } {
  const [session = '', epochText] = sid.split('~');
  const sessionId = session === 'v' || session === '' ? null : session;
  if (epochText === undefined) return { sessionId, epoch: null };
  return { sessionId, epoch: /^(0|[1-9][0-9]{0,9})$/.test(epochText) ? Number(epochText) : -1 };
}
