import { describe, expect, test } from 'vitest';
import {
  FAST_SCROLLER_HINT_KEY,
  SHIFT_SELECT_HINT_AGAIN_MS,
  SHIFT_SELECT_HINT_KEY,
  createHints,
  createLocalHintStorage,
  createMemoryHintStorage,
  fastScrollerHintShown,
  shouldShowFastScrollerHint,
  shouldShowSelectionHint,
  shouldShowShiftSelectHint,
} from './hints.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 24 * 60 * 60 * 1000;

describe('shift-select hint rules (spec 000 §4)', () => {
  test('never shown: shows with the first selected file', () => {
    expect(shouldShowShiftSelectHint(undefined, 0, NOW)).toBe(false);
    expect(shouldShowShiftSelectHint(undefined, 1, NOW)).toBe(true);
  });

  test('shown once before: shows from the third selected file', () => {
    expect(shouldShowShiftSelectHint('shownOnce', 2, NOW)).toBe(false);
    expect(shouldShowShiftSelectHint('shownOnce', 3, NOW)).toBe(true);
  });

  test('shown at a time: shows again from the third file once a month has passed', () => {
    const shownAt = String(NOW - SHIFT_SELECT_HINT_AGAIN_MS);
    expect(shouldShowShiftSelectHint(shownAt, 3, NOW)).toBe(true);
    expect(shouldShowShiftSelectHint(shownAt, 2, NOW)).toBe(false);
    expect(shouldShowShiftSelectHint(String(NOW - 29 * DAY), 3, NOW)).toBe(false);
  });

  test('an unreadable stored value counts as shown once', () => {
    expect(shouldShowShiftSelectHint('garbage', 3, NOW)).toBe(true);
    expect(shouldShowShiftSelectHint('garbage', 1, NOW)).toBe(false);
  });
});

describe('fast-scroller hint rules (spec 000 §4: once per mode)', () => {
  test('shows in a mode it has not shown in', () => {
    expect(shouldShowFastScrollerHint(undefined, 'regular')).toBe(true);
    expect(shouldShowFastScrollerHint('regular', 'regular')).toBe(false);
    expect(shouldShowFastScrollerHint('regular', 'select')).toBe(true);
    expect(shouldShowFastScrollerHint('both', 'select')).toBe(false);
  });

  test('records regular, select, or both', () => {
    expect(fastScrollerHintShown(undefined, 'select')).toBe('select');
    expect(fastScrollerHintShown('regular', 'select')).toBe('both');
    expect(fastScrollerHintShown('select', 'select')).toBe('select');
    expect(fastScrollerHintShown('both', 'regular')).toBe('both');
  });
});

test('the selection hint shows from 10 selected files (spec 000 §9)', () => {
  expect(shouldShowSelectionHint(9)).toBe(false);
  expect(shouldShowSelectionHint(10)).toBe(true);
});

describe('createHints', () => {
  test('the shift-select hint shows once per page, then on a later visit after 3 selections, then a month later', () => {
    const storage = createMemoryHintStorage();
    let now = NOW;
    const firstVisit = createHints(storage, () => now);
    expect(firstVisit.takeShiftSelectHint(1)).toBe(true);
    expect(storage.get(SHIFT_SELECT_HINT_KEY)).toBe('shownOnce');
    expect(firstVisit.takeShiftSelectHint(3)).toBe(false);

    const secondVisit = createHints(storage, () => now);
    expect(secondVisit.takeShiftSelectHint(1)).toBe(false);
    expect(secondVisit.takeShiftSelectHint(3)).toBe(true);
    expect(storage.get(SHIFT_SELECT_HINT_KEY)).toBe(String(NOW));

    now = NOW + 10 * DAY;
    expect(createHints(storage, () => now).takeShiftSelectHint(3)).toBe(false);
    now = NOW + SHIFT_SELECT_HINT_AGAIN_MS;
    expect(createHints(storage, () => now).takeShiftSelectHint(3)).toBe(true);
    expect(storage.get(SHIFT_SELECT_HINT_KEY)).toBe(String(now));
  });

  test('the fast-scroller hint shows once in each mode, across visits', () => {
    const storage = createMemoryHintStorage();
    const hints = createHints(storage);
    expect(hints.takeFastScrollerHint('regular')).toBe(true);
    expect(hints.takeFastScrollerHint('regular')).toBe(false);
    expect(createHints(storage).takeFastScrollerHint('regular')).toBe(false);
    expect(createHints(storage).takeFastScrollerHint('select')).toBe(true);
    expect(storage.get(FAST_SCROLLER_HINT_KEY)).toBe('both');
  });
});

describe('createLocalHintStorage', () => {
  test('keeps values in localStorage', () => {
    const storage = createLocalHintStorage();
    storage.set(SHIFT_SELECT_HINT_KEY, 'shownOnce');
    expect(localStorage.getItem(SHIFT_SELECT_HINT_KEY)).toBe('shownOnce');
    expect(storage.get(SHIFT_SELECT_HINT_KEY)).toBe('shownOnce');
    expect(storage.get(FAST_SCROLLER_HINT_KEY)).toBeUndefined();
  });

  test('a browser refusing storage finds nothing and drops writes', () => {
    const storage = createLocalHintStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => {
      storage.set(SHIFT_SELECT_HINT_KEY, 'shownOnce');
    }).not.toThrow();
    expect(storage.get(SHIFT_SELECT_HINT_KEY)).toBeUndefined();
  });
});
