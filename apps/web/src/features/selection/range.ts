import type { FileRef, MonthKey, Position, RangeMode, SelectionMonth, SelectionState } from './types.ts';

/** -1, 0 or 1 as `a` comes before, with or after `b` in timeline order (newest first). */
export const comparePositions = (a: Position, b: Position): number =>
  Math.sign(a.month === b.month ? a.index - b.index : a.month - b.month);

/**
 * The part of one month a range covers, in the order the range walks it (from its first
 * file toward its last). `ids` is undefined while the month is not loaded; `isWhole` says
 * the range covers the month entirely (it lies strictly between the two ends).
 */
export interface Segment {
  readonly month: MonthKey;
  readonly ids: readonly string[] | undefined;
  readonly isWhole: boolean;
}

/**
 * The month of file `id`: `month` when given and known (the grid knows which section a tile
 * is in), else the loaded month listing it, else the month where it is selected.
 */
export function locate(state: SelectionState, id: string, month?: MonthKey): FileRef | undefined {
  if (month !== undefined) return state.monthIndex.has(month) ? { id, month } : undefined;
  for (const [key, loaded] of state.files) if (loaded.positions.has(id)) return { id, month: key };
  for (const [key, ids] of state.selected) if (ids.has(id)) return { id, month: key };
  return undefined;
}

/** The position of a file of a loaded month, or undefined when its month is unknown or not loaded. */
export function positionOf(state: SelectionState, ref: FileRef): Position | undefined {
  const month = state.monthIndex.get(ref.month);
  const index = state.files.get(ref.month)?.positions.get(ref.id);
  return month === undefined || index === undefined ? undefined : { month, index };
}

/**
 * The segments of the range from `from` to `to`, both included, walking from `from` toward
 * `to` (which may be older or newer). Undefined when an end is no longer in the timeline:
 * its month is gone, or its month is loaded and no longer lists it. An end whose month is
 * not loaded yields a segment without ids, so the range waits for that month.
 */
export function rangeSegments(state: SelectionState, from: FileRef, to: FileRef): Segment[] | undefined {
  const a = endOf(state, from);
  const b = endOf(state, to);
  if (!a || !b) return undefined;
  const isForward = a.month < b.month || (a.month === b.month && (a.index ?? 0) <= (b.index ?? 0));
  const step = isForward ? 1 : -1;
  const segments: Segment[] = [];
  for (let m = a.month; ; m += step) {
    const month = state.months[m];
    if (!month) return undefined;
    const isFirst = m === a.month;
    const isLast = m === b.month;
    const ids = state.files.get(month.key)?.ids;
    segments.push({
      month: month.key,
      ids: ids && sliceOf(ids, isForward, isFirst ? a.index : undefined, isLast ? b.index : undefined),
      isWhole: !isFirst && !isLast,
    });
    if (isLast) return segments;
  }
}

/** An end of a range: its month index, and its index when that month is loaded. */
function endOf(
  state: SelectionState,
  ref: FileRef,
): { month: number; index: number | undefined } | undefined {
  const month = state.monthIndex.get(ref.month);
  if (month === undefined) return undefined;
  const loaded = state.files.get(ref.month);
  if (!loaded) return { month, index: undefined };
  const index = loaded.positions.get(ref.id);
  return index === undefined ? undefined : { month, index };
}

/**
 * The ids of one month between the range's first-file index `first` and last-file index
 * `last` (each undefined when the range runs on past that side), in walking order.
 */
function sliceOf(
  ids: readonly string[],
  isForward: boolean,
  first: number | undefined,
  last: number | undefined,
): readonly string[] {
  const start = (isForward ? first : last) ?? 0;
  const end = (isForward ? last : first) ?? ids.length - 1;
  if (start === 0 && end === ids.length - 1 && isForward) return ids;
  const slice = ids.slice(start, end + 1);
  return isForward ? slice : slice.reverse();
}

/**
 * Whether everything in the range is already selected, which makes a shift-click deselect
 * it (spec 000 §4 Selection). A month not loaded counts as fully selected when the range
 * covers it whole and as many of its files are selected as it has.
 */
export function isAllSelected(state: SelectionState, segments: readonly Segment[]): boolean {
  for (const segment of segments) {
    const selected = state.selected.get(segment.month);
    if (segment.ids) {
      for (const id of segment.ids) if (!selected?.has(id)) return false;
    } else {
      const count = state.months[state.monthIndex.get(segment.month) ?? -1]?.count ?? 0;
      if (!segment.isWhole || (selected?.size ?? 0) < count) return false;
    }
  }
  return true;
}

/** The months a range must load before `mode` can be applied: deselecting a whole month needs none. */
export function missingMonths(segments: readonly Segment[], mode: RangeMode): MonthKey[] {
  return segments
    .filter((segment) => !segment.ids && !(mode === 'deselect' && segment.isWhole))
    .map((segment) => segment.month);
}

/** The months a month or year selection covers. */
export function monthsOf(
  state: SelectionState,
  pending: { kind: 'month'; month: MonthKey } | { kind: 'year'; year: number },
): SelectionMonth[] {
  return state.months.filter((month) =>
    pending.kind === 'month' ? month.key === pending.month : month.year === pending.year,
  );
}
