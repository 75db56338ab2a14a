import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a signed media URL may fetch. `<img>` and `<video>` cannot send the token, so media
 * URLs carry a signature instead, scoped to one file and one variant and valid for a few
 * hours: the token itself never appears in a URL (RESEARCH-RELIABILITY: token leaks via
 * URLs). See docs/SPEC-DEVIATIONS.md.
 */
export const MEDIA_VARIANTS = ['thumb256', 'thumb1280', 'original', 'jpeg', 'preview'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

// [Note: Media URLs] — the signature covers file id, variant and expiry, nothing else, so one
// leaked URL opens one rendition of one file for a few hours and nothing more.
const HOUR_MS = 3_600_000;
/** A URL stays valid for 6 to 7 hours: long enough for a session, short if it leaks. */
const VALID_HOURS = 7;

export interface MediaSignature {
  /** Expiry, seconds since the epoch. */
  exp: number;
  sig: string;
}

export interface MediaSigner {
  sign(fileId: string, variant: MediaVariant): MediaSignature;
  verify(fileId: string, variant: MediaVariant, exp: number, sig: string): boolean;
}

/**
 * Signs with HMAC-SHA256. The expiry is rounded to the hour so the same file gets the same
 * URL for an hour and browsers can reuse what they cached.
 */
export function createMediaSigner(secret: Buffer, now: () => number = Date.now): MediaSigner {
  // A KeyObject is imported once; a raw Buffer key costs ~20 µs per HMAC, a page of 100
  // files signs 300 URLs.
  const key = createSecretKey(secret);
  const mac = (fileId: string, variant: MediaVariant, exp: number) =>
    createHmac('sha256', key)
      .update(`${fileId}\n${variant}\n${String(exp)}`)
      .digest('base64url');
  return {
    sign(fileId, variant) {
      const exp = (Math.floor(now() / HOUR_MS) + VALID_HOURS) * (HOUR_MS / 1000);
      return { exp, sig: mac(fileId, variant, exp) };
    },
    verify(fileId, variant, exp, sig) {
      if (!Number.isSafeInteger(exp) || exp * 1000 <= now()) return false;
      const expected = Buffer.from(mac(fileId, variant, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * The signing key: MEDIA_URL_SECRET when configured, else a random key made once and kept
 * (mode 0600) in the data folder so URLs survive restarts.
 */
export function loadMediaSecret(configured: string, dataDir: string): Buffer {
  if (configured !== '') return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'secrets', 'media-url.key');
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process made it first: use theirs.
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return fs.readFileSync(file);
    throw error;
  }
}
