import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * What a signed media URL may fetch. `<img>` and `<video>` cannot send the token, so media
 * URLs carry a signature instead, scoped to one file, one variant and one session and valid
 * for a few hours: the token itself never appears in a URL (RESEARCH-RELIABILITY: token leaks via
 * URLs). See docs/SPEC-DEVIATIONS.md.
 */
// `trashed256`: the thumbnail of a file in its owner's trash (spec 000 §7 "a trashed variant"),
// served only while the file is in the trash, to the session of the trash listing.
// `archive`: a prepared zip download (issue #14), signed by its archive id.
// `data_export`: the account's data export (issue #24), signed by its export id.
// `profile_picture`: a user's picture, signed by user, version and album ([Note: Profile pictures]).
export const MEDIA_VARIANTS = [
  'thumb256',
  'thumb1280',
  'original',
  'jpeg',
  'preview',
  'trashed256',
  'archive',
  'data_export',
  'profile_picture',
] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/*
 * [Note: Media URLs]
 *
 * The signature covers file id, variant, expiry and the session the URL was handed to,
 * nothing else: one leaked URL opens one rendition of one file for a few hours, and no
 * longer than that session lives. Logging out, removing the device, signing in again on it
 * and disabling the account end the session, and its URLs with it.
 *
 * Checking the session must not cost a database read per thumbnail (a page shows hundreds).
 * So each process keeps the set of sessions ended within the last URL lifetime in memory
 * (access/session-revocations.ts): filled from the database at start, kept current through
 * the event bus (Redis pub/sub when several processes serve), read again every minute.
 * A URL of a session in that set answers 404 like any bad signature.
 * The session id in the URL (`sid`) is no credential: it names a session, the token proves one.
 *
 * The key is the server's one secret, the same on every node: See: [Note: Server secret].
 *
 * The expiry is accepted only as the decimal digits the signer wrote (no leading zero, sign,
 * fraction or exponent), so every URL has exactly one spelling: caches and logs see one.
 */
const HOUR_MS = 3_600_000;
/** A URL stays valid for 6 to 7 hours: long enough for a session, short if it leaks. */
const VALID_HOURS = 7;
/** The longest a URL is valid after it was made. */
export const MEDIA_URL_MAX_AGE_MS = VALID_HOURS * HOUR_MS;

export interface MediaSignature {
  /** Expiry, seconds since the epoch. */
  exp: number;
  sig: string;
}

/** What a media URL presents, as it arrived in the query. */
export interface PresentedSignature {
  exp: string;
  /** The session the URL was handed to. */
  sid: string;
  sig: string;
}

/**
 * A shorter life than the default's: the URLs a cast receiver gets (issue #27, [Note:
 * Casting]) live `validMs` at most, their expiry rounded to `stepMs` so a URL stays the
 * same for that long and the TV's cache holds.
 */
export interface MediaLifetime {
  validMs: number;
  stepMs: number;
}

export interface MediaSigner {
  sign(fileId: string, variant: MediaVariant, sessionId: string, lifetime?: MediaLifetime): MediaSignature;
  /** True when the signature is ours, unexpired, and its session has not ended. */
  verify(fileId: string, variant: MediaVariant, presented: PresentedSignature): boolean;
}

/**
 * Signs with HMAC-SHA256. The expiry is rounded to the hour so the same file gets the same
 * URL for an hour and browsers can reuse what they cached. `isRefused` says whether a
 * session's URLs must no longer serve (see [Note: Media URLs]).
 */
export function createMediaSigner(
  secret: Buffer,
  options: { now?: () => number; isRefused: (sessionId: string) => boolean },
): MediaSigner {
  const now = options.now ?? Date.now;
  // A KeyObject is imported once; a raw Buffer key costs ~20 µs per HMAC, a page of 100
  // files signs 300 URLs.
  const key = createSecretKey(secret);
  const mac = (fileId: string, variant: MediaVariant, exp: number, sessionId: string) =>
    createHmac('sha256', key)
      .update(`${fileId}\n${variant}\n${String(exp)}\n${sessionId}`)
      .digest('base64url');
  return {
    sign(fileId, variant, sessionId, lifetime) {
      const step = lifetime?.stepMs ?? HOUR_MS;
      const valid = lifetime?.validMs ?? VALID_HOURS * HOUR_MS;
      const exp = Math.floor((Math.floor(now() / step) * step + valid) / 1000);
      return { exp, sig: mac(fileId, variant, exp, sessionId) };
    },
    verify(fileId, variant, { exp: expText, sid, sig }) {
      if (!/^[1-9][0-9]{0,14}$/.test(expText)) return false;
      const exp = Number(expText);
      if (exp * 1000 <= now()) return false;
      const expected = Buffer.from(mac(fileId, variant, exp, sid));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) && !options.isRefused(sid);
    },
  };
}
