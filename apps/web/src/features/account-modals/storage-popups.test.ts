import { describe, expect, it } from 'vitest';
import { UNLIMITED_QUOTA_THRESHOLD } from '@trove/contract';
import { parseStorageLevel, storageLevelOf, storageWarningStep } from './storage-popups.ts';

const GIB = 1024 ** 3;

describe('storage popups (spec 001 §4, §9)', () => {
  it('levels above 80 % and 95 %, none when unlimited', () => {
    expect(storageLevelOf(8 * GIB, 10 * GIB)).toBe('');
    expect(storageLevelOf(8.1 * GIB, 10 * GIB)).toBe('80');
    expect(storageLevelOf(9.5 * GIB, 10 * GIB)).toBe('80');
    expect(storageLevelOf(9.6 * GIB, 10 * GIB)).toBe('95');
    expect(storageLevelOf(2000 * GIB, UNLIMITED_QUOTA_THRESHOLD)).toBe('');
    expect(storageLevelOf(1, 0)).toBe('');
  });

  it('shows each level once when crossed, and again after usage fell below it', () => {
    expect(storageWarningStep('80', '')).toEqual({ kind: 'show', level: '80' });
    expect(storageWarningStep('80', '80')).toBeNull();
    expect(storageWarningStep('95', '80')).toEqual({ kind: 'show', level: '95' });
    expect(storageWarningStep('80', '95')).toEqual({ kind: 'lower', level: '80' });
    expect(storageWarningStep('', '80')).toEqual({ kind: 'lower', level: '' });
    expect(storageWarningStep('', '')).toBeNull();
  });

  it('reads only the levels it writes', () => {
    expect(parseStorageLevel('95')).toBe('95');
    expect(parseStorageLevel('90')).toBe('');
    expect(parseStorageLevel(null)).toBe('');
  });
});
