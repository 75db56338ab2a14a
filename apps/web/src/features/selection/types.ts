/** Types of the timeline selection. See: [Note: Timeline selection] in `model.ts`. */

/**
 * Where a file sits in the timeline: the index of its month in `state.months` (newest
 * first) and its index in that month's loaded files. Positions compare lexicographically.
 */
export interface Position {
  readonly month: number;
  readonly index: number;
}

/** A month's key: the key of its grid section (the Unix second its month starts). */
export type MonthKey = number;

/** One month of the grid as the selection sees it; a `TimelineSection` is one. */
export interface SelectionMonth {
  readonly key: MonthKey;
  readonly year: number;
  /** How many files the month shows, known before its files are loaded. */
  readonly count: number;
}

/** A file and the month it is in. */
export interface FileRef {
  readonly id: string;
  readonly month: MonthKey;
}

/** What a range does: select all of it, or deselect all of it (spec 000 §4 Selection). */
export type RangeMode = 'select' | 'deselect';

/** A selection waiting for months to load (spec 000 §4: 'fetching file selection info'). */
export type PendingSelection =
  | { readonly kind: 'range'; readonly from: FileRef; readonly to: FileRef; readonly mode: RangeMode }
  | { readonly kind: 'month'; readonly month: MonthKey }
  | { readonly kind: 'year'; readonly year: number };

/** A loaded month's file ids in grid order, and each id's index in them. */
export interface LoadedMonth {
  readonly ids: readonly string[];
  readonly positions: ReadonlyMap<string, number>;
}

/** The range a shift-hover would change, ends included, `from` before `to`. */
export interface RangePreview {
  readonly from: Position;
  readonly to: Position;
  readonly mode: RangeMode;
}

/** State of the timeline selection. Read it through the selectors of `selectors.ts`. */
export interface SelectionState {
  readonly months: readonly SelectionMonth[];
  readonly monthIndex: ReadonlyMap<MonthKey, number>;
  readonly files: ReadonlyMap<MonthKey, LoadedMonth>;
  /** Selected ids per month; only months with a selection have an entry. */
  readonly selected: ReadonlyMap<MonthKey, ReadonlySet<string>>;
  readonly count: number;
  /** The most that may be selected (spec 000 §3: a maximum exists; its value is not shown). */
  readonly maxCount: number;
  /** The last file clicked: one end of the next shift-click range. */
  readonly anchor: FileRef | undefined;
  readonly hovered: FileRef | undefined;
  readonly isShiftHeld: boolean;
  readonly preview: RangePreview | undefined;
  readonly pending: PendingSelection | undefined;
  /** Entered by a long press on touch (spec 000 §4); left by clear or when the selection empties. */
  readonly isSelectMode: boolean;
  /**
   * How many actions have hit `maxCount`. The UI shows the selection-limit toast
   * (spec 000 §8) whenever it grows.
   */
  readonly limitReached: number;
}

/** Actions of `selectionReducer`. `month`, where accepted, spares a search for the file's month. */
export type SelectionAction =
  /** The grid's months changed (first load, new uploads, another filter). */
  | { type: 'setMonths'; months: readonly SelectionMonth[] }
  /** A month's files arrived, in grid order. Dispatching an equal list again is a no-op. */
  | { type: 'monthLoaded'; month: MonthKey; ids: readonly string[] }
  /** A month's files were dropped from memory; its selection stays. */
  | { type: 'monthUnloaded'; month: MonthKey }
  /** A click on a file's checkbox (or a tap in select mode). */
  | { type: 'toggle'; id: string; month?: MonthKey }
  | { type: 'shiftClick'; id: string; month?: MonthKey }
  /**
   * The pointer entered a file (`id`) or left the grid (undefined). The file is kept only
   * while shift is held: on a Shift keydown, send `hover` again with the file under the pointer.
   */
  | { type: 'hover'; id: string | undefined; month?: MonthKey; isShiftHeld?: boolean }
  /** Shift pressed or released (or the window lost focus: released). */
  | { type: 'shiftKey'; isHeld: boolean }
  | { type: 'selectMonth' | 'deselectMonth'; month: MonthKey }
  | { type: 'selectYear' | 'deselectYear'; year: number }
  /** A long press (spec 000 §4): select mode, and the pressed file selected when given. */
  | { type: 'enterSelectMode'; id?: string; month?: MonthKey }
  /** Escape (spec 000 §4). */
  | { type: 'clear' }
  /** Files that no longer exist (after a delete): deselected and taken out of their months. */
  | { type: 'remove'; ids: Iterable<string> }
  | { type: 'cancelPending' }
  | { type: 'setMaxCount'; maxCount: number | undefined };
