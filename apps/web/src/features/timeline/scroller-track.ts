import type { SectionBox } from './layout.ts';

/**
 * [Note: Fast scroller track]
 * A point of the fast scroller's track stands for a point of the grid, not for a scroll
 * position: fraction `f` of the track is the grid's virtual position `f × total`, the
 * "reading line". Scrolling to `f` puts that line at fraction `f` of the part of the window
 * below the header, so the month the label names is always on screen after a drag, and
 * every year's first month has a place of its own on the track (a scroll position would
 * squeeze every month of the last screenful onto the track's very end).
 */

/** One year on the track: where its first month is, and whether its number fits there. */
export interface YearMark {
  year: number;
  /** 0 (top of the track) to below 1. */
  at: number;
  /** False when too close to the label above: the year still gets its tick. */
  hasLabel: boolean;
}

/** The window's grid geometry, in virtual pixels. */
export interface TrackGeometry {
  /** Height of the whole grid. */
  total: number;
  /** Height of the window, and of the header over its top (spec 000 §2: 56 px). */
  viewportHeight: number;
  headerHeight: number;
}

/** How far the top of the window may travel: from the header above the grid to its end. */
const travelOf = ({ total, viewportHeight, headerHeight }: TrackGeometry) =>
  Math.max(1, total - viewportHeight + headerHeight);

/** The window's virtual top that shows the track's fraction `at` (See: [Note: Fast scroller track]). */
export function topAt(at: number, geometry: TrackGeometry): number {
  return at * travelOf(geometry) - geometry.headerHeight;
}

/** The track's fraction for the window's virtual top: where the thumb sits. */
export function fractionAt(top: number, geometry: TrackGeometry): number {
  return Math.min(1, Math.max(0, (top + geometry.headerHeight) / travelOf(geometry)));
}

/** The grid position the track's fraction `at` names: the month under it is the label. */
export const readingLine = (at: number, total: number): number => at * total;

/**
 * A mark for every year the sections hold, at its first month; years come newest first.
 * Numbers closer than `minGapPx` (on a track `trackPx` high) to the last one shown keep
 * their tick but not their number.
 */
export function yearMarks(
  sections: readonly { year: number }[],
  boxes: readonly SectionBox[],
  total: number,
  trackPx: number,
  minGapPx: number,
): YearMark[] {
  const marks: YearMark[] = [];
  let lastLabel = -Infinity;
  sections.forEach((section, index) => {
    if (index > 0 && sections[index - 1]?.year === section.year) return;
    const at = total > 0 ? Math.min(1, (boxes[index]?.top ?? 0) / total) : 0;
    const hasLabel = (at - lastLabel) * trackPx >= minGapPx;
    if (hasLabel) lastLabel = at;
    marks.push({ year: section.year, at, hasLabel });
  });
  return marks;
}
