import { describe, expect, test } from 'vitest';
import { isSelected, monthState, previewOf, selectedIds, statusOf, yearState } from './selectors.ts';
import { DECEMBER, FEBRUARY, MARCH, run, shiftClick, timeline, toggle } from './test-timeline.ts';
import type { SelectionAction } from './types.ts';

const hover = (id: string | undefined, isShiftHeld = true): SelectionAction => ({
  type: 'hover',
  id,
  isShiftHeld,
});

describe('range preview (spec 000 §4: ToBeSelected or ToBeDeselected)', () => {
  test('with shift held, marks the unselected files of the range ToBeSelected', () => {
    const state = run(timeline(), toggle('a2'), hover('b1'));
    expect(previewOf(state, 'a1')).toBeUndefined();
    expect(previewOf(state, 'a2')).toBeUndefined();
    expect(previewOf(state, 'a3')).toBe('ToBeSelected');
    expect(previewOf(state, 'b1', FEBRUARY)).toBe('ToBeSelected');
    expect(previewOf(state, 'b2')).toBeUndefined();
    expect(statusOf(state, 'a2')).toBe('Selected');
    expect(statusOf(state, 'a3')).toBe('ToBeSelected');
    expect(statusOf(state, 'c1')).toBe('NotSelected');
  });

  test('marks a fully selected range ToBeDeselected, whichever way it runs', () => {
    const state = run(timeline(), toggle('a3'), shiftClick('c1'), hover('a3'));
    expect(previewOf(state, 'a3')).toBe('ToBeDeselected');
    expect(previewOf(state, 'b2')).toBe('ToBeDeselected');
    expect(previewOf(state, 'c1')).toBe('ToBeDeselected');
    expect(previewOf(state, 'a2')).toBeUndefined();
    expect(previewOf(state, 'c2')).toBeUndefined();
    expect(statusOf(state, 'b1')).toBe('ToBeDeselected');
  });

  test('shows nothing without shift, or without a last clicked file', () => {
    expect(run(timeline(), toggle('a2'), hover('b1', false)).preview).toBeUndefined();
    expect(run(timeline(), hover('b1')).preview).toBeUndefined();
  });

  test('goes when shift is released or the pointer leaves', () => {
    const shown = run(timeline(), toggle('a2'), hover('b1'));
    expect(run(shown, { type: 'shiftKey', isHeld: false }).preview).toBeUndefined();
    expect(run(shown, hover(undefined)).preview).toBeUndefined();
  });

  test('follows the selection without a new hover', () => {
    const shown = run(timeline(), toggle('a2'), hover('a3'));
    expect(previewOf(shown, 'a3')).toBe('ToBeSelected');
    const after = run(shown, { type: 'selectMonth', month: MARCH });
    expect(previewOf(after, 'a3')).toBe('ToBeDeselected');
  });

  test('after a shift-click the range anchors at its target', () => {
    const state = run(timeline(), toggle('a2'), hover('b1'), shiftClick('b1'), hover('a3'));
    expect(previewOf(state, 'a3')).toBe('ToBeDeselected');
    expect(previewOf(state, 'a2')).toBeUndefined();
  });

  test('moving the pointer without shift does not change the state', () => {
    const state = run(timeline(), toggle('a2'));
    expect(run(state, hover('b1', false), hover('b2', false))).toBe(state);
  });

  test('hovering the same file again keeps the state', () => {
    const state = run(timeline(), toggle('a2'), hover('b1'));
    expect(run(state, hover('b1'))).toBe(state);
  });
});

describe('group states (spec 000 §3: none-selected, some, all-selected)', () => {
  test('a month is none, some or all selected', () => {
    const some = run(timeline(), toggle('a1'));
    expect(monthState(some, FEBRUARY)).toBe('none-selected');
    expect(monthState(some, MARCH)).toBe('some');
    expect(monthState(run(some, toggle('a2'), toggle('a3')), MARCH)).toBe('all-selected');
  });

  test('a month not loaded compares with its count', () => {
    const state = run(
      timeline(),
      { type: 'selectMonth', month: DECEMBER },
      { type: 'monthUnloaded', month: DECEMBER },
    );
    expect(monthState(state, DECEMBER)).toBe('all-selected');
  });

  test('a year sums its months', () => {
    const state = run(timeline(), { type: 'selectMonth', month: MARCH });
    expect(yearState(state, 2024)).toBe('some');
    expect(yearState(run(state, { type: 'selectMonth', month: FEBRUARY }), 2024)).toBe('all-selected');
    expect(yearState(state, 2023)).toBe('none-selected');
  });
});

describe('reading the selection', () => {
  test('isSelected with and without the month', () => {
    const state = run(timeline(), toggle('b2'));
    expect(isSelected(state, 'b2')).toBe(true);
    expect(isSelected(state, 'b2', FEBRUARY)).toBe(true);
    expect(isSelected(state, 'b2', MARCH)).toBe(false);
    expect(isSelected(state, 'b1')).toBe(false);
  });

  test('selectedIds follows the timeline, not the order of clicks', () => {
    const state = run(timeline(), toggle('c2'), toggle('a3'), toggle('b1'), toggle('a1'));
    expect(selectedIds(state)).toEqual(['a1', 'a3', 'b1', 'c2']);
  });
});
