import { describe, expect, test } from 'vitest';
import { createTestFlagStore, isStagingHost } from './test-flags.ts';

describe('test flags', () => {
  test('are kept in the storage given, in the listed order, and notify on change', () => {
    const storage = window.localStorage;
    storage.clear();
    const store = createTestFlagStore(storage);
    let changes = 0;
    store.subscribe(() => changes++);
    expect(store.active()).toEqual([]);
    store.set('report_every_crash', true);
    store.set('qa_marker', true);
    expect(store.active()).toEqual(['qa_marker', 'report_every_crash']);
    expect(createTestFlagStore(storage).active()).toEqual(['qa_marker', 'report_every_crash']);
    store.set('qa_marker', false);
    expect(createTestFlagStore(storage).active()).toEqual(['report_every_crash']);
    expect(changes).toBe(3);
  });

  test('ignore unknown or malformed stored values', () => {
    window.localStorage.setItem('trove.testFlags', '["qa_marker","drop_tables"]');
    expect(createTestFlagStore(window.localStorage).active()).toEqual(['qa_marker']);
    window.localStorage.setItem('trove.testFlags', '{oops');
    expect(createTestFlagStore(window.localStorage).active()).toEqual([]);
  });

  test('staging hosts are told from others (spec 001 §9)', () => {
    expect(isStagingHost('staging.trove.example')).toBe(true);
    expect(isStagingHost('photos-staging.example.no')).toBe(true);
    expect(isStagingHost('trove.example')).toBe(false);
    expect(isStagingHost('stagingarea.example')).toBe(false);
    expect(isStagingHost('localhost')).toBe(false);
  });
});
