import { describe, expect, test } from 'vitest';
import { initialSelectionState, selectionReducer } from './model.ts';
import { isPending, isSelecting, monthState, pendingMonths, selectedIds, yearState } from './selectors.ts';
import {
  DECEMBER,
  FEBRUARY,
  MARCH,
  MONTHS,
  load,
  run,
  shiftClick,
  timeline,
  toggle,
} from './test-timeline.ts';

describe('toggle (spec 000 §4: a click toggles)', () => {
  test('a click selects a file and a second click deselects it', () => {
    const selected = run(timeline(), toggle('a2'));
    expect(selectedIds(selected)).toEqual(['a2']);
    expect(selected.count).toBe(1);
    const deselected = run(selected, toggle('a2'));
    expect(selectedIds(deselected)).toEqual([]);
    expect(deselected.count).toBe(0);
  });

  test('finds the month from the hint the grid passes', () => {
    const state = run(timeline(), { type: 'toggle', id: 'b1', month: FEBRUARY });
    expect(state.selected.get(FEBRUARY)?.has('b1')).toBe(true);
  });

  test('a file of no known month changes nothing', () => {
    const state = timeline();
    expect(run(state, toggle('zz'))).toBe(state);
  });
});

describe('shiftClick (spec 000 §4: shift-click selects the whole range)', () => {
  test('without an anchor it behaves like a click', () => {
    const state = run(timeline(), shiftClick('b1'));
    expect(selectedIds(state)).toEqual(['b1']);
    expect(state.anchor).toEqual({ id: 'b1', month: FEBRUARY });
  });

  test('selects the range from the last clicked file, both ends included', () => {
    const state = run(timeline(), toggle('a2'), shiftClick('b1'));
    expect(selectedIds(state)).toEqual(['a2', 'a3', 'b1']);
  });

  test('works when the anchor is in a later (older) month than the target', () => {
    const state = run(timeline(), toggle('c1'), shiftClick('a2'));
    expect(selectedIds(state)).toEqual(['a2', 'a3', 'b1', 'b2', 'c1']);
  });

  test('keeps files selected outside the range and adds only the missing ones inside it', () => {
    const state = run(timeline(), toggle('c2'), toggle('a3'), toggle('a1'), shiftClick('b1'));
    expect(selectedIds(state)).toEqual(['a1', 'a2', 'a3', 'b1', 'c2']);
  });

  test('deselects the range when everything in it is already selected', () => {
    const selected = run(timeline(), toggle('c2'), toggle('a1'), shiftClick('b2'));
    expect(selectedIds(selected)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c2']);
    const deselected = run(selected, shiftClick('a2'));
    expect(selectedIds(deselected)).toEqual(['a1', 'c2']);
  });

  test('selects a partly selected range rather than deselecting it', () => {
    const state = run(timeline(), toggle('a1'), toggle('a3'), shiftClick('a1'));
    expect(selectedIds(state)).toEqual(['a1', 'a2', 'a3']);
  });

  test('the target becomes the anchor of the next range', () => {
    const state = run(timeline(), toggle('a1'), shiftClick('a2'), shiftClick('b2'));
    expect(selectedIds(state)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(state.anchor).toEqual({ id: 'b2', month: FEBRUARY });
  });

  test('is a click when the anchor was deleted since', () => {
    const state = run(timeline(), toggle('a1'), { type: 'remove', ids: ['a1'] }, shiftClick('b1'));
    expect(selectedIds(state)).toEqual(['b1']);
  });
});

describe('pending ranges (spec 000 §4: a range into months not loaded waits for them)', () => {
  test('waits for the months not loaded, then selects the whole range', () => {
    const waiting = run(timeline([MARCH, DECEMBER]), toggle('a2'), shiftClick('c1'));
    expect(isPending(waiting)).toBe(true);
    expect(pendingMonths(waiting)).toEqual([FEBRUARY]);
    expect(selectedIds(waiting)).toEqual(['a2']);
    const done = run(waiting, load(FEBRUARY));
    expect(isPending(done)).toBe(false);
    expect(selectedIds(done)).toEqual(['a2', 'a3', 'b1', 'b2', 'c1']);
  });

  test('completes only when the last month it needs arrives', () => {
    const months = [...MONTHS, { key: 0, year: 2023, count: 1 }];
    const start = run(initialSelectionState({ months }), load(MARCH), {
      type: 'monthLoaded',
      month: 0,
      ids: ['d1'],
    });
    const waiting = run(start, toggle('a3'), shiftClick('d1'));
    expect(pendingMonths(waiting)).toEqual([FEBRUARY, DECEMBER]);
    const half = run(waiting, load(DECEMBER));
    expect(pendingMonths(half)).toEqual([FEBRUARY]);
    expect(half.count).toBe(1);
    expect(selectedIds(run(half, load(FEBRUARY)))).toEqual(['a3', 'b1', 'b2', 'c1', 'c2', 'd1']);
  });

  test('deselecting needs no load: a month the range covers whole is dropped unseen', () => {
    const all = run(timeline(), toggle('a1'), shiftClick('c2'), { type: 'monthUnloaded', month: FEBRUARY });
    const state = run(all, shiftClick('a1'));
    expect(isPending(state)).toBe(false);
    expect(state.count).toBe(0);
  });

  test('waits for the anchor month when it was unloaded since the click', () => {
    const state = run(timeline(), toggle('a2'), { type: 'monthUnloaded', month: MARCH }, shiftClick('b1'));
    expect(pendingMonths(state)).toEqual([MARCH]);
    expect(selectedIds(run(state, load(MARCH)))).toEqual(['a2', 'a3', 'b1']);
  });

  test('Escape cancels it: the late month then selects nothing', () => {
    const state = run(timeline([MARCH, DECEMBER]), toggle('a2'), shiftClick('c1'), { type: 'clear' });
    expect(isPending(state)).toBe(false);
    expect(run(state, load(FEBRUARY)).count).toBe(0);
  });

  test('cancelPending keeps the selection made so far', () => {
    const state = run(timeline([MARCH, DECEMBER]), toggle('a2'), shiftClick('c1'), { type: 'cancelPending' });
    expect(selectedIds(run(state, load(FEBRUARY)))).toEqual(['a2']);
  });

  test('is dropped when an end of the range leaves the timeline', () => {
    const waiting = run(timeline([MARCH, DECEMBER]), toggle('a2'), shiftClick('c1'));
    const state = run(waiting, { type: 'setMonths', months: MONTHS.slice(0, 2) });
    expect(isPending(state)).toBe(false);
    expect(selectedIds(run(state, load(FEBRUARY)))).toEqual(['a2']);
  });
});

describe('month and year selection', () => {
  test('selectMonth selects a loaded month at once and deselectMonth clears it', () => {
    const state = run(timeline(), { type: 'selectMonth', month: FEBRUARY });
    expect(monthState(state, FEBRUARY)).toBe('all-selected');
    expect(state.count).toBe(2);
    expect(monthState(run(state, { type: 'deselectMonth', month: FEBRUARY }), FEBRUARY)).toBe(
      'none-selected',
    );
  });

  test('selectMonth on a month not loaded waits for it', () => {
    const waiting = run(timeline([MARCH]), { type: 'selectMonth', month: FEBRUARY });
    expect(pendingMonths(waiting)).toEqual([FEBRUARY]);
    expect(monthState(run(waiting, load(FEBRUARY)), FEBRUARY)).toBe('all-selected');
  });

  test('selectYear waits for every month of the year, then selects them all', () => {
    const waiting = run(timeline([MARCH]), { type: 'selectYear', year: 2024 });
    expect(pendingMonths(waiting)).toEqual([FEBRUARY]);
    expect(waiting.count).toBe(0);
    const state = run(waiting, load(FEBRUARY));
    expect(yearState(state, 2024)).toBe('all-selected');
    expect(yearState(state, 2023)).toBe('none-selected');
    expect(state.count).toBe(5);
  });

  test('deselectYear clears its months, loaded or not', () => {
    const all = run(timeline(), { type: 'selectYear', year: 2024 }, toggle('c1'));
    const state = run(all, { type: 'monthUnloaded', month: FEBRUARY }, { type: 'deselectYear', year: 2024 });
    expect(selectedIds(state)).toEqual(['c1']);
  });

  test('a year without months changes nothing', () => {
    const state = timeline();
    expect(run(state, { type: 'selectYear', year: 1999 })).toBe(state);
  });
});

describe('maximum selection count (spec 000 §5, §8 Selection limit reached)', () => {
  test('a click beyond the maximum selects nothing and reports the limit', () => {
    const state = run(timeline(undefined, 2), toggle('a1'), toggle('a2'), toggle('a3'));
    expect(selectedIds(state)).toEqual(['a1', 'a2']);
    expect(state.limitReached).toBe(1);
  });

  test('a range selects up to the maximum, walking from the anchor', () => {
    const newerFirst = run(timeline(undefined, 3), toggle('a2'), shiftClick('c2'));
    expect(selectedIds(newerFirst)).toEqual(['a2', 'a3', 'b1']);
    expect(newerFirst.limitReached).toBe(1);
    const olderFirst = run(timeline(undefined, 3), toggle('c2'), shiftClick('a2'));
    expect(selectedIds(olderFirst)).toEqual(['b2', 'c1', 'c2']);
  });

  test('a month selection stops at the maximum and shows as partly selected', () => {
    const state = run(timeline(undefined, 2), { type: 'selectMonth', month: MARCH });
    expect(monthState(state, MARCH)).toBe('some');
    expect(state.limitReached).toBe(1);
  });

  test('selecting within the maximum reports nothing; each hit is counted', () => {
    const within = run(timeline(undefined, 3), { type: 'selectMonth', month: MARCH });
    expect(within.limitReached).toBe(0);
    expect(run(within, toggle('b1'), toggle('b2')).limitReached).toBe(2);
  });

  test('setMaxCount changes the maximum; undefined lifts it', () => {
    const capped = run(timeline(), { type: 'setMaxCount', maxCount: 1 }, toggle('a1'), toggle('a2'));
    expect(capped.count).toBe(1);
    expect(run(capped, { type: 'setMaxCount', maxCount: undefined }, toggle('a2')).count).toBe(2);
  });
});

describe('clear, remove and select mode', () => {
  test('clear (Escape) empties the selection and forgets the anchor', () => {
    const state = run(timeline(), toggle('a1'), shiftClick('b1'), { type: 'clear' });
    expect(state.count).toBe(0);
    expect(state.selected.size).toBe(0);
    expect(selectedIds(run(state, shiftClick('a2')))).toEqual(['a2']);
  });

  test('clear with nothing to clear keeps the state', () => {
    const state = timeline();
    expect(run(state, { type: 'clear' })).toBe(state);
  });

  test('remove deselects deleted files and takes them out of later ranges', () => {
    const state = run(timeline(), toggle('a2'), toggle('a1'), { type: 'remove', ids: ['a2', 'b1'] });
    expect(selectedIds(state)).toEqual(['a1']);
    expect(selectedIds(run(state, shiftClick('b2')))).toEqual(['a1', 'a3', 'b2']);
  });

  test('a long press enters select mode with the pressed file; emptying the selection leaves it', () => {
    const pressed = run(timeline(), { type: 'enterSelectMode', id: 'b1' });
    expect(pressed.isSelectMode).toBe(true);
    expect(selectedIds(pressed)).toEqual(['b1']);
    const emptied = run(pressed, toggle('b1'));
    expect(isSelecting(emptied)).toBe(false);
    expect(isSelecting(run(timeline(), { type: 'enterSelectMode' }))).toBe(true);
  });
});

describe('timeline changes', () => {
  test('loading the same list again, or an equal copy, keeps the state', () => {
    const state = timeline();
    expect(run(state, load(MARCH))).toBe(state);
    expect(run(state, { type: 'monthLoaded', month: MARCH, ids: ['a1', 'a2', 'a3'] })).toBe(state);
  });

  test('a reloaded month deselects files it no longer lists', () => {
    const state = run(timeline(), toggle('a1'), toggle('a2'), {
      type: 'monthLoaded',
      month: MARCH,
      ids: ['a1', 'a3'],
    });
    expect(selectedIds(state)).toEqual(['a1']);
  });

  test('a month that left the timeline takes its selection with it', () => {
    const state = run(timeline(), toggle('a1'), toggle('c1'), {
      type: 'setMonths',
      months: MONTHS.slice(0, 2),
    });
    expect(selectedIds(state)).toEqual(['a1']);
    expect(state.count).toBe(1);
  });

  test('files of a month not in the timeline are ignored', () => {
    const state = timeline();
    expect(run(state, { type: 'monthLoaded', month: 42, ids: ['x'] })).toBe(state);
  });
});

describe('scale (a sanity check, not a timing)', () => {
  test('ranges over 20,000-file months build a 100,000 selection, and a click copies one month only', () => {
    const months = Array.from({ length: 5 }, (_, index) => ({ key: 5 - index, year: 2024, count: 20_000 }));
    const ids = (key: number) =>
      Array.from({ length: 20_000 }, (_, index) => `${String(key)}-${String(index)}`);
    const loaded = run(
      initialSelectionState({ months }),
      ...months.map((month) => ({ type: 'monthLoaded' as const, month: month.key, ids: ids(month.key) })),
    );
    const all = run(loaded, toggle('5-0'), shiftClick('1-19999'));
    expect(all.count).toBe(100_000);
    const clicked = selectionReducer(all, toggle('3-7'));
    expect(clicked.count).toBe(99_999);
    expect(clicked.selected.get(5)).toBe(all.selected.get(5));
    expect(clicked.selected.get(3)).not.toBe(all.selected.get(3));
  });
});
