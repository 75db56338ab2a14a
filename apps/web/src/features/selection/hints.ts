/**
 * When the timeline shows its selection hints (spec 000 §4 Selection, §9): pure rules over
 * what was stored, and a small controller that applies them against an injected storage.
 */

/** String storage the hints remember their showings in: localStorage in the app, a fake in tests. */
export interface HintStorage {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** Every hint hides this long after it shows (spec 000 §9 hint auto-hide 3 s). */
export { HINT_AUTO_HIDE_MS } from '@trove/contract';

/** The selection hint shows from this many selected files (spec 000 §9). */
export const SELECTION_HINT_MIN_COUNT = 10;

/** The shift-select hint shows again this long after it was last shown (spec 000 §4: one month). */
export const SHIFT_SELECT_HINT_AGAIN_MS = 30 * 24 * 60 * 60 * 1000;

export const SHIFT_SELECT_HINT_KEY = 'trove.hint.shift_select';
export const FAST_SCROLLER_HINT_KEY = 'trove.hint.fast_scroller';

/** The stored value after the first showing of the shift-select hint (spec 000 §4 name). */
const SHOWN_ONCE = 'shownOnce';

/**
 * Whether the shift-select hint should show with `selectedCount` files selected, given the
 * stored value (spec 000 §4): never shown → from the first selected file; shown once (or at
 * a remembered time) → from the third, and after a time only once a month has passed. An
 * unreadable value counts as shown once.
 */
export function shouldShowShiftSelectHint(
  stored: string | undefined,
  selectedCount: number,
  nowMs: number,
): boolean {
  if (stored === undefined) return selectedCount >= 1;
  if (selectedCount < 3) return false;
  const shownAt = Number(stored);
  if (stored === SHOWN_ONCE || stored === '' || !Number.isFinite(shownAt)) return true;
  return nowMs - shownAt >= SHIFT_SELECT_HINT_AGAIN_MS;
}

/** The value to store once the shift-select hint showed: shownOnce the first time, then the time. */
export function shiftSelectHintShown(stored: string | undefined, nowMs: number): string {
  return stored === undefined ? SHOWN_ONCE : String(nowMs);
}

/** The grid modes the fast-scroller hint is shown once in (spec 000 §4). */
export type ScrollerHintMode = 'regular' | 'select';

/** What is stored for the fast-scroller hint: the modes it has shown in (spec 000 §4: regular, select, both). */
export type ScrollerHintStored = ScrollerHintMode | 'both';

/** Whether the fast-scroller hint should show in `mode`: once per mode (spec 000 §4). */
export function shouldShowFastScrollerHint(stored: string | undefined, mode: ScrollerHintMode): boolean {
  return stored !== mode && stored !== 'both';
}

/** The value to store once the fast-scroller hint showed in `mode`. */
export function fastScrollerHintShown(
  stored: string | undefined,
  mode: ScrollerHintMode,
): ScrollerHintStored {
  const other = mode === 'regular' ? 'select' : 'regular';
  return stored === other || stored === 'both' ? 'both' : mode;
}

/** Whether the selection hint shows: with 10 or more files selected (spec 000 §9). */
export const shouldShowSelectionHint = (selectedCount: number): boolean =>
  selectedCount >= SELECTION_HINT_MIN_COUNT;

/** The hint rules applied to a storage; each hint shows at most once per page load. */
export interface Hints {
  /**
   * Call when the selected count changes. True when the shift-select hint should show now;
   * the showing is then remembered.
   */
  takeShiftSelectHint(selectedCount: number): boolean;
  /** Call when the fast scroller appears in `mode`. True when its hint should show now; remembered. */
  takeFastScrollerHint(mode: ScrollerHintMode): boolean;
}

/**
 * Whether the device has a mouse or trackpad: only then is there a Shift to hold while
 * clicking (a phone or tablet has neither). Browsers without media queries count as desktop.
 */
export function hasFinePointer(): boolean {
  // jsdom and old embedded browsers have no matchMedia, whatever the DOM types say.
  if (typeof globalThis.matchMedia !== 'function') return true;
  return globalThis.matchMedia('(any-pointer: fine)').matches;
}

/**
 * Hints remembered in `storage`, timed by `now`. The shift-select hint is only for devices
 * where `canShiftClick` (a finger cannot hold Shift); it is not remembered as shown elsewhere.
 */
export function createHints(
  storage: HintStorage,
  now: () => number = Date.now,
  canShiftClick: () => boolean = () => true,
): Hints {
  let isShiftSelectShown = false;
  const scrollerShown = new Set<ScrollerHintMode>();
  return {
    takeShiftSelectHint(selectedCount) {
      const stored = storage.get(SHIFT_SELECT_HINT_KEY);
      const nowMs = now();
      if (isShiftSelectShown || !canShiftClick()) return false;
      if (!shouldShowShiftSelectHint(stored, selectedCount, nowMs)) return false;
      isShiftSelectShown = true;
      storage.set(SHIFT_SELECT_HINT_KEY, shiftSelectHintShown(stored, nowMs));
      return true;
    },
    takeFastScrollerHint(mode) {
      const stored = storage.get(FAST_SCROLLER_HINT_KEY);
      if (scrollerShown.has(mode) || !shouldShowFastScrollerHint(stored, mode)) return false;
      scrollerShown.add(mode);
      storage.set(FAST_SCROLLER_HINT_KEY, fastScrollerHintShown(stored, mode));
      return true;
    },
  };
}

/**
 * Hint storage in localStorage. A browser that refuses storage (disabled, private mode,
 * full) must not break the grid: reads then find nothing and writes are dropped.
 */
export function createLocalHintStorage(storage: () => Storage = () => globalThis.localStorage): HintStorage {
  return {
    get(key) {
      try {
        return storage().getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        storage().setItem(key, value);
      } catch {
        // Not remembered: the hint may show once more on the next visit.
      }
    },
  };
}

/** Hint storage in memory, for tests and for browsers without storage. */
export function createMemoryHintStorage(initial: Record<string, string> = {}): HintStorage {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key),
    set: (key, value) => {
      values.set(key, value);
    },
  };
}
