import { GIB, UNLIMITED_QUOTA_THRESHOLD } from '../constants.ts';

/*
 * Storage units and the storage warning rule of spec 001 §9: sizes in GB convert by 2^30,
 * max_space at or above 1000 × 1024^3 is unlimited, warnings above 80 % and 95 %, and a
 * nonzero use fills at least 5 % of the usage bar. The base quota (15 GiB) and the unlimited
 * threshold are BASE_QUOTA_BYTES and UNLIMITED_QUOTA_THRESHOLD of constants.ts.
 */

/** Bytes of `gb` GB (spec 001 §9: "sizes in GB convert by 2^30"). */
export function gbToBytes(gb: number): number {
  return gb * GIB;
}

/** GB (2^30 bytes) of `bytes`, not rounded. */
export function bytesToGb(bytes: number): number {
  return bytes / GIB;
}

/** spec 001 §3: a max_space at or above 1000 × 1024^3 bytes counts as unlimited. */
export function isUnlimited(maxSpace: number): boolean {
  return maxSpace >= UNLIMITED_QUOTA_THRESHOLD;
}

/** A storage warning level (spec 001 §4 storage popups): '' none, '80' or '95'. */
export type StorageWarningLevel = '' | '80' | '95';

/**
 * The warning level `usedSpace` of `maxSpace` is at (spec 001 §4, §9 "Storage warnings above
 * 80% and 95%"): strictly above the share. None when the quota is unlimited or 0. Compared in
 * integers (×100) so that 95 % of a quota is exactly not above 95 %.
 */
export function storageWarningLevel(usedSpace: number, maxSpace: number): StorageWarningLevel {
  if (maxSpace <= 0 || isUnlimited(maxSpace)) return '';
  if (usedSpace * 100 > maxSpace * 95) return '95';
  if (usedSpace * 100 > maxSpace * 80) return '80';
  return '';
}

/** spec 001 §9: a nonzero use fills at least 5 percent of the bar, so that it shows. */
export const MIN_VISIBLE_FILL_PERCENT = 5;

/**
 * How much of the usage bar `used` of `max` fills, in percent (spec 001 §3 usage meter, §9):
 * none when nothing is used or the maximum is 0 ("maximum 0 shows zero"), otherwise the
 * share, at least {@link MIN_VISIBLE_FILL_PERCENT} and at most 100.
 */
export function usageFill(used: number, max: number): number {
  if (used <= 0 || max <= 0) return 0;
  return Math.min(100, Math.max(MIN_VISIBLE_FILL_PERCENT, (used / max) * 100));
}
