import type { MonthKey, SelectionState } from './types.ts';
import { comparePositions, locate, missingMonths, monthsOf, positionOf, rangeSegments } from './range.ts';

/** A file's selection status, by the spec's names (spec 000 §3 file selection status). */
export type FileSelectionStatus = 'NotSelected' | 'ToBeSelected' | 'Selected' | 'ToBeDeselected';

/** How much of a month or year is selected, by the spec's names (spec 000 §3 group selection). */
export type GroupSelection = 'none-selected' | 'some' | 'all-selected';

/** How many files are selected. */
export const selectedCount = (state: SelectionState): number => state.count;

/** Whether the grid is selecting: something is selected, or a long press entered select mode. */
export const isSelecting = (state: SelectionState): boolean => state.isSelectMode || state.count > 0;

/** Whether a range waits for months to load: the UI shows 'fetching file selection info' (spec 000 §4). */
export const isPending = (state: SelectionState): boolean => state.pending !== undefined;

/** Whether file `id` is selected. Pass its `month` when known: it spares a search. */
export function isSelected(state: SelectionState, id: string, month?: MonthKey): boolean {
  if (month !== undefined) return state.selected.get(month)?.has(id) ?? false;
  for (const ids of state.selected.values()) if (ids.has(id)) return true;
  return false;
}

/**
 * What a shift-click on the hovered file would do to file `id` (spec 000 §4 Selection):
 * 'ToBeSelected' for an unselected file of a range to select, 'ToBeDeselected' for every file
 * of a range to deselect, undefined outside the range or without shift held.
 */
export function previewOf(
  state: SelectionState,
  id: string,
  month?: MonthKey,
): 'ToBeSelected' | 'ToBeDeselected' | undefined {
  const { preview } = state;
  if (!preview) return undefined;
  const ref = locate(state, id, month);
  const position = ref && positionOf(state, ref);
  if (!ref || !position) return undefined;
  if (comparePositions(position, preview.from) < 0 || comparePositions(position, preview.to) > 0) {
    return undefined;
  }
  if (preview.mode === 'deselect') return 'ToBeDeselected';
  return isSelected(state, id, ref.month) ? undefined : 'ToBeSelected';
}

/** File `id`'s status: its preview when in a shift-hover range, else Selected or NotSelected. */
export function statusOf(state: SelectionState, id: string, month?: MonthKey): FileSelectionStatus {
  return previewOf(state, id, month) ?? (isSelected(state, id, month) ? 'Selected' : 'NotSelected');
}

/** The state of a month's checkbox. */
export function monthState(state: SelectionState, month: MonthKey): GroupSelection {
  const index = state.monthIndex.get(month);
  const total = index === undefined ? 0 : totalOf(state, month, state.months[index]?.count ?? 0);
  return groupOf(state.selected.get(month)?.size ?? 0, total);
}

/** The state of a year's checkbox, over all its months. */
export function yearState(state: SelectionState, year: number): GroupSelection {
  let selected = 0;
  let total = 0;
  for (const month of state.months) {
    if (month.year !== year) continue;
    selected += state.selected.get(month.key)?.size ?? 0;
    total += totalOf(state, month.key, month.count);
  }
  return groupOf(selected, total);
}

/** A loaded month's list is more current than the count it was announced with. */
const totalOf = (state: SelectionState, month: MonthKey, count: number) =>
  state.files.get(month)?.ids.length ?? count;

function groupOf(selected: number, total: number): GroupSelection {
  if (selected === 0) return 'none-selected';
  return selected >= total ? 'all-selected' : 'some';
}

/** The selected ids in timeline order (newest first), for the actions on a selection. */
export function selectedIds(state: SelectionState): string[] {
  const result: string[] = [];
  for (const month of state.months) {
    const selected = state.selected.get(month.key);
    if (!selected) continue;
    // A month not loaded has no order to follow: its ids come in the order they were selected.
    const ordered = state.files.get(month.key)?.ids ?? selected;
    for (const id of ordered) if (selected.has(id)) result.push(id);
  }
  return result;
}

/** The months the pending selection still needs: the UI fetches them and dispatches `monthLoaded`. */
export function pendingMonths(state: SelectionState): MonthKey[] {
  const { pending } = state;
  if (!pending) return [];
  if (pending.kind !== 'range') {
    return monthsOf(state, pending)
      .map((month) => month.key)
      .filter((key) => !state.files.has(key));
  }
  const segments = rangeSegments(state, pending.from, pending.to);
  return segments ? missingMonths(segments, pending.mode) : [];
}
