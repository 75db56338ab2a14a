import { afterEach, describe, expect, test, vi } from 'vitest';
import { findVisitedMtime, markVisited, visitStateOf } from './visited.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('visited markers (spec 000 §7: key album id, value last-modified time)', () => {
  test('an album never downloaded here has no marker', () => {
    expect(visitStateOf({ id: 'album-1', mtime: 100 })).toBe('never');
  });

  test('the marker is the album id with its mtime; it stands while the album is unchanged', () => {
    markVisited({ id: 'album-1', mtime: 100 });
    expect(localStorage.getItem('album-1')).toBe('100');
    expect(findVisitedMtime('album-1')).toBe(100);
    expect(visitStateOf({ id: 'album-1', mtime: 100 })).toBe('visited');
  });

  test('an album changed since (another mtime) is stale, until downloaded again', () => {
    markVisited({ id: 'album-1', mtime: 100 });
    expect(visitStateOf({ id: 'album-1', mtime: 160 })).toBe('changed');
    markVisited({ id: 'album-1', mtime: 160 });
    expect(visitStateOf({ id: 'album-1', mtime: 160 })).toBe('visited');
    // Any other time is a change, an older one too (an album restored from the trash).
    expect(visitStateOf({ id: 'album-1', mtime: 150 })).toBe('changed');
  });

  test('a value that is not a time counts as no marker', () => {
    localStorage.setItem('album-1', 'yes');
    expect(visitStateOf({ id: 'album-1', mtime: 100 })).toBe('never');
  });

  test('a storage that throws (private mode, quota) neither breaks reading nor writing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => {
      markVisited({ id: 'album-1', mtime: 100 });
    }).not.toThrow();
    expect(findVisitedMtime('album-1')).toBeUndefined();
    expect(visitStateOf({ id: 'album-1', mtime: 100 })).toBe('never');
  });
});
