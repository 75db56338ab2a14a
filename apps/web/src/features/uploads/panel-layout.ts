/** Sizes of the upload panel (spec 000 §9). */
export const PANEL = {
  /** One file row. */
  rowHeight: 48,
  /** Rows rendered at once; the rest of the list is empty space to scroll through. */
  windowRows: 25,
  /** Height with the file list hidden. */
  collapsedHeight: 136,
  /** Height of everything but the rows when the list shows. */
  chromeHeight: 126,
  /** The open panel never covers more of the viewport than this. */
  maxViewportShare: 0.75,
  /** Preview thumbnails shown at most (spec 000 §9 "thumbnail grid up to 4"). */
  previews: 4,
} as const;

/** spec 000 §9: open, the panel is 48 px per row plus 126, up to 75 % of the viewport. */
export function openPanelHeight(rows: number, viewportHeight: number): number {
  return Math.min(
    PANEL.chromeHeight + rows * PANEL.rowHeight,
    Math.floor(viewportHeight * PANEL.maxViewportShare),
  );
}

/** The first row to render for a scroll position: the window of 25 rows around what shows. */
export function firstWindowRow(scrollTop: number, rows: number): number {
  const visibleFirst = Math.floor(scrollTop / PANEL.rowHeight);
  // A few rows above the first visible one, so a fast scroll up never shows a gap.
  return Math.max(0, Math.min(visibleFirst - 5, rows - PANEL.windowRows));
}
