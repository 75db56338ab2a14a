import {
  comparePositions,
  isAllSelected,
  locate,
  missingMonths,
  monthsOf,
  positionOf,
  rangeSegments,
} from './range.ts';
import { SelectionEdit } from './selection-edit.ts';
import type {
  FileRef,
  LoadedMonth,
  MonthKey,
  PendingSelection,
  SelectionAction,
  SelectionMonth,
  SelectionState,
} from './types.ts';

export type * from './types.ts';

/**
 * [Note: Timeline selection]
 *
 * The selection of the timeline grid (spec 000 §4 Selection) as a pure reducer over the
 * grid's months, newest first. A month is either loaded (its file ids in grid order) or
 * known only by its count (spec 000 §4 Timeline section fetch: UNFETCHED). Selected ids are
 * kept in one set per month, copied on write, so a change copies only the month it touches
 * and the month and year checkboxes read set sizes. A range that needs files of months not
 * loaded waits as `pending` (the UI shows 'fetching file selection info', loads
 * `pendingMonths`, and dispatches `monthLoaded`); the range completes on the last load.
 */

/** An empty selection over `months`, holding at most `maxCount` files (unbounded by default). */
export function initialSelectionState(
  options: { months?: readonly SelectionMonth[]; maxCount?: number } = {},
): SelectionState {
  const months = options.months ?? [];
  return {
    months,
    monthIndex: indexMonths(months),
    files: new Map(),
    selected: new Map(),
    count: 0,
    maxCount: options.maxCount ?? Infinity,
    anchor: undefined,
    hovered: undefined,
    isShiftHeld: false,
    preview: undefined,
    pending: undefined,
    isSelectMode: false,
    limitReached: 0,
  };
}

/** The timeline selection machine (spec 000 §4 Selection). Returns `state` itself for a no-op. */
export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  const next = reduce(state, action);
  return next === state ? state : withPreview(next);
}

function reduce(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'setMonths':
      return settle(setMonths(state, action.months));
    case 'monthLoaded':
      return settle(monthLoaded(state, action.month, action.ids));
    case 'monthUnloaded': {
      if (!state.files.has(action.month)) return state;
      const files = new Map(state.files);
      files.delete(action.month);
      return { ...state, files };
    }
    case 'toggle':
      return toggle(state, action.id, action.month);
    case 'shiftClick':
      return shiftClick(state, action.id, action.month);
    case 'hover':
      return hover(state, action.id, action.month, action.isShiftHeld ?? state.isShiftHeld);
    case 'shiftKey':
      if (action.isHeld === state.isShiftHeld) return state;
      return { ...state, isShiftHeld: action.isHeld, hovered: action.isHeld ? state.hovered : undefined };
    case 'selectMonth':
      return request(state, { kind: 'month', month: action.month });
    case 'deselectMonth':
      return edit(state, (change) => {
        change.removeMonth(action.month);
      });
    case 'selectYear':
      return request(state, { kind: 'year', year: action.year });
    case 'deselectYear':
      return edit(state, (change) => {
        for (const month of state.months) if (month.year === action.year) change.removeMonth(month.key);
      });
    case 'enterSelectMode': {
      const ref = action.id === undefined ? undefined : locate(state, action.id, action.month);
      const entered = { ...state, isSelectMode: true, anchor: ref ?? state.anchor };
      return ref ? edit(entered, (change) => change.add(ref.month, [ref.id])) : entered;
    }
    case 'clear':
      if (state.count === 0 && !state.anchor && !state.pending && !state.isSelectMode) return state;
      return {
        ...state,
        selected: new Map(),
        count: 0,
        anchor: undefined,
        pending: undefined,
        isSelectMode: false,
      };
    case 'remove':
      return remove(state, new Set(action.ids));
    case 'cancelPending':
      return state.pending ? { ...state, pending: undefined } : state;
    case 'setMaxCount':
      return { ...state, maxCount: action.maxCount ?? Infinity };
  }
}

function indexMonths(months: readonly SelectionMonth[]): Map<MonthKey, number> {
  return new Map(months.map((month, index) => [month.key, index]));
}

/** Applies a change to the selected sets; counts a limit hit; leaves select mode when it empties. */
function edit(state: SelectionState, change: (edit: SelectionEdit) => void): SelectionState {
  const selectionEdit = new SelectionEdit(state);
  change(selectionEdit);
  const { selected, count, isLimitHit } = selectionEdit.finish();
  if (selected === state.selected && !isLimitHit) return state;
  return {
    ...state,
    selected,
    count,
    isSelectMode: count === 0 && state.count > 0 ? false : state.isSelectMode,
    limitReached: state.limitReached + (isLimitHit ? 1 : 0),
  };
}

function toggle(state: SelectionState, id: string, month: MonthKey | undefined): SelectionState {
  const ref = locate(state, id, month);
  if (!ref) return state;
  const isSelected = state.selected.get(ref.month)?.has(id) ?? false;
  return edit({ ...state, anchor: ref }, (change) => {
    if (isSelected) change.remove(ref.month, [id]);
    else change.add(ref.month, [id]);
  });
}

// Without shift the hovered file is not kept: moving the pointer over the grid then changes
// no state, so the grid does not render again on every tile it crosses.
function hover(
  state: SelectionState,
  id: string | undefined,
  month: MonthKey | undefined,
  isShiftHeld: boolean,
): SelectionState {
  const hovered = isShiftHeld && id !== undefined ? locate(state, id, month) : undefined;
  const isSame = hovered?.id === state.hovered?.id && hovered?.month === state.hovered?.month;
  return isSame && isShiftHeld === state.isShiftHeld ? state : { ...state, hovered, isShiftHeld };
}

// spec 000 §4 Selection: shift and a click on a second file selects the whole range from the
// last clicked file, or deselects it if everything in it is already selected. Without a
// (still existing) last clicked file, it is a plain click.
function shiftClick(state: SelectionState, id: string, month: MonthKey | undefined): SelectionState {
  const to = locate(state, id, month);
  const from = state.anchor;
  if (!to) return state;
  const segments = from && rangeSegments(state, from, to);
  if (!from || !segments) return toggle(state, id, to.month);
  const mode = isAllSelected(state, segments) ? 'deselect' : 'select';
  return request({ ...state, anchor: to }, { kind: 'range', from, to, mode });
}

/** Runs `pending` when every month it needs is loaded; undefined while it must wait for one. */
function attempt(state: SelectionState, pending: PendingSelection): SelectionState | undefined {
  switch (pending.kind) {
    case 'range': {
      const segments = rangeSegments(state, pending.from, pending.to);
      // An end left the timeline: nothing to do.
      if (!segments) return state;
      if (missingMonths(segments, pending.mode).length > 0) return undefined;
      return edit(state, (change) => {
        for (const segment of segments) {
          if (pending.mode === 'select') {
            if (!change.add(segment.month, segment.ids ?? [])) return;
          } else if (segment.ids) change.remove(segment.month, segment.ids);
          else change.removeMonth(segment.month);
        }
      });
    }
    case 'month':
    case 'year': {
      const months = monthsOf(state, pending);
      if (months.some((month) => !state.files.has(month.key))) return undefined;
      return edit(state, (change) => {
        for (const month of months) if (!change.add(month.key, state.files.get(month.key)?.ids ?? [])) return;
      });
    }
  }
}

/** Runs `pending` now, or keeps it as the pending selection (replacing any other) until its months load. */
function request(state: SelectionState, pending: PendingSelection): SelectionState {
  return attempt(state, pending) ?? { ...state, pending };
}

/** Completes the pending selection once its last month loaded. */
function settle(state: SelectionState): SelectionState {
  const { pending } = state;
  if (!pending) return state;
  return attempt({ ...state, pending: undefined }, pending) ?? state;
}

function setMonths(state: SelectionState, months: readonly SelectionMonth[]): SelectionState {
  if (months === state.months) return state;
  const monthIndex = indexMonths(months);
  const files = new Map([...state.files].filter(([key]) => monthIndex.has(key)));
  const kept = { ...state, months, monthIndex, files };
  const isKnown = (ref: FileRef | undefined) => (ref && monthIndex.has(ref.month) ? ref : undefined);
  return edit({ ...kept, anchor: isKnown(state.anchor), hovered: isKnown(state.hovered) }, (change) => {
    for (const key of state.selected.keys()) if (!monthIndex.has(key)) change.removeMonth(key);
  });
}

// The loaded list is the truth about a month: selected ids it no longer lists (deleted,
// moved to another month) are deselected.
function monthLoaded(state: SelectionState, month: MonthKey, ids: readonly string[]): SelectionState {
  const known = state.files.get(month)?.ids;
  if (!state.monthIndex.has(month) || (known && isSameList(known, ids))) return state;
  const positions = new Map(ids.map((id, index) => [id, index]));
  const files = new Map(state.files).set(month, { ids, positions });
  return edit({ ...state, files }, (change) => {
    change.retain(month, (id) => positions.has(id));
  });
}

function remove(state: SelectionState, ids: ReadonlySet<string>): SelectionState {
  if (ids.size === 0) return state;
  let files: Map<MonthKey, LoadedMonth> | undefined;
  for (const [key, loaded] of state.files) {
    if (!hasAny(loaded.positions, ids)) continue;
    const kept = loaded.ids.filter((id) => !ids.has(id));
    files ??= new Map(state.files);
    files.set(key, { ids: kept, positions: new Map(kept.map((id, index) => [id, index])) });
  }
  const isKept = (ref: FileRef | undefined) => (ref && !ids.has(ref.id) ? ref : undefined);
  const next = {
    ...state,
    files: files ?? state.files,
    anchor: isKept(state.anchor),
    hovered: isKept(state.hovered),
  };
  return edit(next, (change) => {
    for (const key of state.selected.keys()) change.retain(key, (id) => !ids.has(id));
  });
}

// A grid that maps its files to ids on every render sends equal lists again and again:
// they must not count as a change, or each would render the grid once more.
function isSameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** Whether `map` has any of `ids`, walking the smaller of the two. */
function hasAny(map: ReadonlyMap<string, unknown>, ids: ReadonlySet<string>): boolean {
  if (ids.size <= map.size) {
    for (const id of ids) if (map.has(id)) return true;
    return false;
  }
  for (const id of map.keys()) if (ids.has(id)) return true;
  return false;
}

// spec 000 §4 Selection: with shift held, the range from the last clicked file to the
// hovered one shows as ToBeSelected or ToBeDeselected.
function withPreview(state: SelectionState): SelectionState {
  const { anchor, hovered } = state;
  const segments = state.isShiftHeld && anchor && hovered && rangeSegments(state, anchor, hovered);
  const a = anchor && positionOf(state, anchor);
  const b = hovered && positionOf(state, hovered);
  if (!segments || !a || !b) return state.preview ? { ...state, preview: undefined } : state;
  const mode = isAllSelected(state, segments) ? 'deselect' : 'select';
  const [from, to] = comparePositions(a, b) <= 0 ? [a, b] : [b, a];
  return { ...state, preview: { from, to, mode } };
}
