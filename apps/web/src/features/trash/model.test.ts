import { describe, expect, test } from 'vitest';
import {
  bulkReducer,
  daysRemaining,
  groupKindOf,
  groupTrashFiles,
  hasQuotaFailure,
  idsByJob,
  initialProcessing,
  isNearEnd,
  processingReducer,
  type BulkPhase,
} from './model.ts';
import { aTrashFile } from '../../test/trash.ts';

const DAY_S = 24 * 60 * 60;
// Noon local time, so whole-day offsets never cross midnight.
const NOW = new Date(2026, 5, 15, 12, 0, 0);
const nowS = NOW.getTime() / 1000;

describe('daysRemaining (spec 000 §3 derived from dtime + 90 days)', () => {
  test('a file deleted today has 90 days; one deleted 90 days ago has 0', () => {
    expect(daysRemaining(nowS, NOW)).toBe(90);
    expect(daysRemaining(nowS - 85 * DAY_S, NOW)).toBe(5);
    expect(daysRemaining(nowS - 90 * DAY_S, NOW)).toBe(0);
  });

  test('counts calendar days: deleted late yesterday is one day less than deleted early today', () => {
    const lateYesterday = new Date(2026, 5, 14, 23, 30).getTime() / 1000;
    const earlyToday = new Date(2026, 5, 15, 0, 30).getTime() / 1000;
    expect(daysRemaining(lateYesterday, NOW)).toBe(89);
    expect(daysRemaining(earlyToday, NOW)).toBe(90);
  });

  test('never negative: a file past its time waits for the purge at 0', () => {
    expect(daysRemaining(nowS - 120 * DAY_S, NOW)).toBe(0);
  });
});

describe('group headings (spec 000 §4)', () => {
  test("0 days left is 'deleted today', 1 to 5 'removed soon', more 'permanently deleted soon'", () => {
    expect([0, 1, 5, 6, 90].map(groupKindOf)).toEqual(['today', 'soon', 'soon', 'later', 'later']);
  });

  test('groups files by days remaining in list order, without hidden or repeated files', () => {
    const files = [
      aTrashFile({ id: 'a', dtime: nowS }),
      aTrashFile({ id: 'b', dtime: nowS - 10 }),
      aTrashFile({ id: 'c', dtime: nowS - 87 * DAY_S }),
      aTrashFile({ id: 'hidden', dtime: nowS - 87 * DAY_S }),
      aTrashFile({ id: 'd', dtime: nowS - 90 * DAY_S }),
      aTrashFile({ id: 'a', dtime: nowS }),
    ];
    const groups = groupTrashFiles(files, new Set(['hidden']), NOW);
    expect(groups.map((g) => [g.days, g.kind, g.files.map((f) => f.id)])).toEqual([
      [90, 'later', ['a', 'b']],
      [3, 'soon', ['c']],
      [0, 'today', ['d']],
    ]);
  });
});

describe('paging trigger (spec 000 §9: within 1000 px of the end)', () => {
  test('fetches once the end is 1000 px or less below the viewport', () => {
    expect(isNearEnd(800 + 1001, 800)).toBe(false);
    expect(isNearEnd(800 + 1000, 800)).toBe(true);
    expect(isNearEnd(300, 800)).toBe(true);
  });
});

test('idsByJob splits files per job, for multi_rollback', () => {
  const byJob = idsByJob([
    { id: 'a', job: 'timeline' },
    { id: 'b', job: 'album' },
    { id: 'c', job: 'timeline' },
  ]);
  expect([...byJob]).toEqual([
    ['timeline', ['a', 'c']],
    ['album', ['b']],
  ]);
});

describe('processing (spec 000 §4: hidden while processed, back on failure)', () => {
  test('started hides; finished shows again; failed shows again with the reason', () => {
    let state = processingReducer(initialProcessing, { type: 'started', ids: ['a', 'b', 'c'] });
    expect([...state.hidden]).toEqual(['a', 'b', 'c']);
    state = processingReducer(state, { type: 'finished', ids: ['a'] });
    state = processingReducer(state, { type: 'failed', reasons: { b: 'quota_exceeded' } });
    expect([...state.hidden]).toEqual(['c']);
    expect(state.failed.get('b')).toBe('quota_exceeded');
    // A new attempt forgets the old failure.
    state = processingReducer(state, { type: 'started', ids: ['b'] });
    expect(state.failed.has('b')).toBe(false);
  });

  test('quota_exceeded among the reasons calls for the storage popup (spec 001 §4)', () => {
    expect(hasQuotaFailure({ a: 'file_not_found' })).toBe(false);
    expect(hasQuotaFailure({ a: 'file_not_found', b: 'quota_exceeded' })).toBe(true);
  });
});

describe('restore-all dialog (spec 000 §4: progress, complete, incomplete)', () => {
  const progress: BulkPhase = { phase: 'progress', done: 0, total: 450 };

  test('counts progress up, never down', () => {
    const state = bulkReducer(bulkReducer(progress, { type: 'progress', done: 200 }), {
      type: 'progress',
      done: 50,
    });
    expect(state).toEqual({ phase: 'progress', done: 200, total: 450 });
  });

  test('ends complete when nothing failed, incomplete with the count of files not restored', () => {
    expect(bulkReducer(progress, { type: 'finish', total: 450, failed: 0 })).toEqual({
      phase: 'complete',
      count: 450,
    });
    expect(bulkReducer(progress, { type: 'finish', total: 450, failed: 7 })).toEqual({
      phase: 'incomplete',
      failed: 7,
      total: 450,
    });
  });

  test('a question (delete all) starts when answered; late progress after the end is ignored', () => {
    const started = bulkReducer({ phase: 'confirm' }, { type: 'start', total: undefined });
    expect(started).toEqual({ phase: 'progress', done: 0, total: undefined });
    const done = bulkReducer(started, { type: 'finish', total: 3, failed: 0 });
    expect(bulkReducer(done, { type: 'progress', done: 3 })).toBe(done);
  });
});
