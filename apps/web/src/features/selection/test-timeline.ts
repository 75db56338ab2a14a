import { initialSelectionState, selectionReducer } from './model.ts';
import type { MonthKey, SelectionAction, SelectionMonth, SelectionState } from './types.ts';

/**
 * A small timeline for the selection tests, newest first: March 2024 (a1–a3), February 2024
 * (b1, b2), December 2023 (c1, c2).
 */
export const MARCH = 3;
export const FEBRUARY = 2;
export const DECEMBER = 1;
export const MONTHS: readonly SelectionMonth[] = [
  { key: MARCH, year: 2024, count: 3 },
  { key: FEBRUARY, year: 2024, count: 2 },
  { key: DECEMBER, year: 2023, count: 2 },
];
export const IDS: Readonly<Record<MonthKey, readonly string[]>> = {
  [MARCH]: ['a1', 'a2', 'a3'],
  [FEBRUARY]: ['b1', 'b2'],
  [DECEMBER]: ['c1', 'c2'],
};

/** Runs `actions` through the reducer in order. */
export const run = (state: SelectionState, ...actions: SelectionAction[]): SelectionState =>
  actions.reduce(selectionReducer, state);

/** The action that loads a month of the test timeline. */
export const load = (month: MonthKey): SelectionAction => ({
  type: 'monthLoaded',
  month,
  ids: IDS[month] ?? [],
});

/** The test timeline with `loaded` months loaded (all by default). */
export function timeline(
  loaded: readonly MonthKey[] = [MARCH, FEBRUARY, DECEMBER],
  maxCount?: number,
): SelectionState {
  return run(initialSelectionState({ months: MONTHS, maxCount }), ...loaded.map(load));
}

export const toggle = (id: string): SelectionAction => ({ type: 'toggle', id });
export const shiftClick = (id: string): SelectionAction => ({ type: 'shiftClick', id });
