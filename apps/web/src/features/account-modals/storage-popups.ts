import { storageWarningLevel, type StorageWarningLevel } from '@trove/contract';

/*
 * The storage popups of spec 001 §4 ("used more than 80% of storage; used more than 95%, each
 * once when crossed") and §9 ("Storage warnings above 80% and 95%"). The highest level a user
 * was warned at is kept in the account attribute STORAGE_WARNING_ATTRIBUTE, so a popup seen on
 * one device is not shown again on another. Usage falling back below a level lowers what is
 * remembered, so crossing it again warns again. Never shown when the quota is unlimited.
 * The "added/restored more than available" popups belong to the upload and restore errors and
 * are not part of this queue slot.
 */

export type { StorageWarningLevel };

const RANK: Record<StorageWarningLevel, number> = { '': 0, '80': 1, '95': 2 };

/**
 * The level the usage is at now ('' when unlimited or below 80 %): the contract's rule
 * (billing/units.ts), so the popups and the plan screens warn at the same shares.
 */
export const storageLevelOf = storageWarningLevel;

/** A remembered value as a level; anything else counts as none. */
export function parseStorageLevel(value: string | null | undefined): StorageWarningLevel {
  return value === '80' || value === '95' ? value : '';
}

/**
 * What to do about the storage warning: `show` the popup of a level crossed since the last
 * warning, `lower` what is remembered after usage fell (silently), or nothing.
 */
export function storageWarningStep(
  current: StorageWarningLevel,
  remembered: StorageWarningLevel,
): { kind: 'show'; level: '80' | '95' } | { kind: 'lower'; level: StorageWarningLevel } | null {
  if (current !== '' && RANK[current] > RANK[remembered]) return { kind: 'show', level: current };
  if (RANK[current] < RANK[remembered]) return { kind: 'lower', level: current };
  return null;
}
