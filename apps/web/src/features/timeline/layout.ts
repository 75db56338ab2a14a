import { GRID_ELEMENT_MOBILE, GRID_SPACING, MOBILE_BREAKPOINT } from '@trove/contract';

/**
 * [Note: Timeline layout]
 * The grid is laid out from counts alone (timeline/months), so the whole scroll height is
 * known before any file is fetched, and only the rows near the viewport are in the DOM: a
 * 20,000-file month costs as much as a 20-file one. Browsers cap an element's height
 * (Firefox near 17.9 M px, Chromium near 33.5 M px), and 1,000,000 files at 230 px a row of
 * five is 46 M px, so past MAX_SCROLL_HEIGHT the scroll range is scaled: one real pixel of
 * scrolling moves the content `ratio` virtual pixels, and every month stays reachable.
 * Everything here is pure arithmetic; TimelineGrid applies it.
 */

/** Tile sizes and spacing of spec 000 §9: 228 px on desktop, 176 px on mobile, 2 px apart. */
export const TILE_DESKTOP = 228;
export const TILE_MOBILE = GRID_ELEMENT_MOBILE;
export const SPACING = GRID_SPACING;
/** spec 000 §2: under 600 px is a phone (LAYOUT.breakpoints.mobile, the contract's BREAKPOINTS). */
export const MOBILE_BELOW_PX = MOBILE_BREAKPOINT;
/** Month header height (title and its margins). */
export const HEADER_PX = 48;
/** Space after each month. */
export const GAP_PX = 16;
/** Sections load within 200 px of the viewport and are retained within 400 px (spec 000 §9). */
export const LOAD_MARGIN_PX = 200;
export const RETAIN_MARGIN_PX = 400;
/** The scroll height never exceeds this; beyond it the range is scaled (see the note). */
export const MAX_SCROLL_HEIGHT = 8_000_000;

/** One month of the grid: its key (the month's start), and how many files it shows. */
export interface GridSection {
  key: number;
  count: number;
}

/** Where a section sits, in virtual pixels from the top of the grid. */
export interface SectionBox {
  top: number;
  height: number;
  rows: number;
}

export interface GridLayout {
  perRow: number;
  /** Side of a tile, stretched so a row fills the width exactly. */
  size: number;
  /** Tile plus spacing: the distance from one row to the next. */
  rowPitch: number;
  boxes: SectionBox[];
  /** Virtual height of the whole grid. */
  total: number;
}

/** Lays out sections for a grid `width` px wide (tiles stretch, as Google Photos and Immich). */
export function layoutGrid(sections: readonly GridSection[], width: number, isMobile: boolean): GridLayout {
  const wanted = isMobile ? TILE_MOBILE : TILE_DESKTOP;
  const perRow = Math.max(1, Math.floor((width + SPACING) / (wanted + SPACING)));
  const size = width > 0 ? Math.floor((width - SPACING * (perRow - 1)) / perRow) : wanted;
  const rowPitch = size + SPACING;
  const boxes: SectionBox[] = [];
  let top = 0;
  for (const section of sections) {
    const rows = Math.ceil(section.count / perRow);
    const height = HEADER_PX + rows * rowPitch + GAP_PX;
    boxes.push({ top, height, rows });
    top += height;
  }
  return { perRow, size, rowPitch, boxes, total: top };
}

/** Index of the last box whose top is at or above `y` (0 when `y` is above them all). */
export function boxAt(boxes: readonly SectionBox[], y: number): number {
  let low = 0;
  let high = boxes.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((boxes[middle]?.top ?? 0) <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Indices of the sections that intersect [from, to), in order. */
export function sectionsBetween(boxes: readonly SectionBox[], from: number, to: number): number[] {
  const found: number[] = [];
  for (let index = boxAt(boxes, from); index < boxes.length; index++) {
    const box = boxes[index];
    if (!box || box.top >= to) break;
    if (box.top + box.height > from) found.push(index);
  }
  return found;
}

/** The rows of a section that intersect [from, to): first inclusive, last exclusive. */
export function rowsBetween(
  box: SectionBox,
  rowPitch: number,
  from: number,
  to: number,
): { first: number; last: number } {
  const origin = box.top + HEADER_PX;
  const first = Math.max(0, Math.floor((from - origin) / rowPitch));
  const last = Math.min(box.rows, Math.ceil((to - origin) / rowPitch));
  return { first, last: Math.max(first, last) };
}

/** The real scroll height and the mapping between real and virtual scroll positions. */
export interface ScrollScale {
  height: number;
  ratio: number;
}

export function scrollScale(total: number, viewport: number): ScrollScale {
  if (total <= MAX_SCROLL_HEIGHT) return { height: total, ratio: 1 };
  // The last real position must show the last virtual screen.
  return { height: MAX_SCROLL_HEIGHT, ratio: (total - viewport) / (MAX_SCROLL_HEIGHT - viewport) };
}

export const toVirtual = (scale: ScrollScale, real: number) => real * scale.ratio;
export const toReal = (scale: ScrollScale, virtual: number) => virtual / scale.ratio;

/** Fast scrolling (spec 000 §9): more than 7.5 viewport heights within 250 ms. */
export const FAST_SCROLL_VIEWPORTS = 7.5;
export const FAST_SCROLL_WINDOW_MS = 250;

/** Whether the samples (time, virtual position) of the last 250 ms travel over 7.5 screens. */
export function isFastScroll(
  samples: readonly { at: number; y: number }[],
  now: number,
  viewport: number,
): boolean {
  let min = Infinity;
  let max = -Infinity;
  for (const sample of samples) {
    if (now - sample.at > FAST_SCROLL_WINDOW_MS) continue;
    min = Math.min(min, sample.y);
    max = Math.max(max, sample.y);
  }
  return max - min > FAST_SCROLL_VIEWPORTS * viewport;
}
