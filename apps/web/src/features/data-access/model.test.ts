import type { DataAccessAvailability, PreparedDataExport } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import { viewOf } from './model.ts';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const open: DataAccessAvailability = {
  available: true,
  next_available_at: null,
  cooldown_hours: 24,
  preparing: false,
  current: null,
};
const current = { size: 10, count: 2, created_at: NOW - HOUR, expires_at: NOW + HOUR };
const waiting: DataAccessAvailability = {
  ...open,
  available: false,
  next_available_at: NOW + 23 * HOUR,
  current,
};
const prepared: PreparedDataExport = { ...current, url: '/u', file_name: 'f.zip' };

describe('the data access view (spec 001 §4 privacy request status, data access cooldown)', () => {
  test('not started, pending server, succeeded, failed', () => {
    expect(viewOf(open, { status: 'idle' }, NOW)).toEqual({ kind: 'available' });
    expect(viewOf(open, { status: 'pending' }, NOW)).toEqual({ kind: 'preparing' });
    expect(viewOf(waiting, { status: 'started', prepared }, NOW)).toEqual({
      kind: 'downloading',
      prepared,
      nextAt: NOW + 23 * HOUR,
      hours: 24,
    });
    expect(viewOf(open, { status: 'failed', code: 'internal_error' }, NOW)).toEqual({ kind: 'failed' });
    expect(viewOf(undefined, { status: 'failed', code: null }, NOW)).toEqual({ kind: 'failed' });
  });

  test('a recent export means waiting, with the last copy while the server keeps it', () => {
    expect(viewOf(waiting, { status: 'idle' }, NOW)).toEqual({
      kind: 'cooldown',
      nextAt: NOW + 23 * HOUR,
      hours: 24,
      current,
    });
    // Refused for the cooldown or for another request first: the server's state is the answer.
    expect(viewOf(waiting, { status: 'failed', code: 'data_access_cooldown' }, NOW).kind).toBe('cooldown');
    expect(viewOf({ ...open, preparing: true }, { status: 'failed', code: 'conflict' }, NOW).kind).toBe(
      'preparing',
    );
    // Past the time it named, the server is asked again; meanwhile nothing is refused here.
    expect(viewOf(waiting, { status: 'idle' }, NOW + 24 * HOUR).kind).toBe('available');
  });

  test('loading until the availability is known', () => {
    expect(viewOf(undefined, { status: 'idle' }, NOW)).toEqual({ kind: 'loading' });
  });
});
