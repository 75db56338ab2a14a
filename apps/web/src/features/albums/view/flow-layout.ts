/**
 * [Note: Album flow layout]
 * The album's flow view (spec 000 §3 viewMode flow) is a justified layout: each row holds
 * as many files as fit at about the grid's tile height, then is scaled to fill the width
 * exactly, so every picture keeps its aspect ratio. Rows depend on the files' sizes, known
 * only once a section loads; until then a section is sized from its count at an assumed
 * 4:3 and corrected when its files arrive (the grid keeps the file at the top of the window
 * where it was). Like [Note: Timeline layout] it is pure arithmetic, and only the rows near
 * the viewport are drawn.
 */
import {
  GAP_PX,
  HEADER_PX,
  SPACING,
  TILE_DESKTOP,
  TILE_MOBILE,
  type SectionBox,
} from '../../timeline/index.ts';

/** Aspect ratio assumed for files not loaded yet. */
export const ASSUMED_ASPECT = 4 / 3;
/** Extreme panoramas and slivers are drawn cropped to these bounds, so a row stays usable. */
export const MIN_ASPECT = 0.4;
export const MAX_ASPECT = 3;

/** Width over height of a file, clamped; 4:3 when the size is unknown (0). */
export function aspectOf(file: { width: number; height: number }): number {
  if (file.width <= 0 || file.height <= 0) return ASSUMED_ASPECT;
  return Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, file.width / file.height));
}

/** One row of a section: its files `start`…`start + widths.length`, their widths, its height. */
export interface FlowRow {
  start: number;
  /** Offset of the row from the top of the section's first row. */
  top: number;
  height: number;
  widths: number[];
}

/**
 * Justifies files of `aspects` into rows `width` px wide, about `target` px high, with
 * `spacing` between files and rows. The last row keeps the target height (not stretched).
 */
export function justify(
  aspects: readonly number[],
  width: number,
  target: number,
  spacing = SPACING,
): FlowRow[] {
  const rows: FlowRow[] = [];
  let top = 0;
  let start = 0;
  let sum = 0;
  const close = (end: number, height: number, stretch: boolean) => {
    const widths: number[] = [];
    let used = 0;
    for (let index = start; index < end; index++) {
      const isLast = index === end - 1;
      const w = isLast && stretch ? width - used : Math.max(1, Math.floor((aspects[index] ?? 1) * height));
      widths.push(w);
      used += w + spacing;
    }
    rows.push({ start, top, height, widths });
    top += height + spacing;
    start = end;
    sum = 0;
  };
  for (let index = 0; index < aspects.length; index++) {
    sum += aspects[index] ?? 1;
    const count = index - start + 1;
    const height = (width - spacing * (count - 1)) / sum;
    if (height <= target) close(index + 1, Math.max(1, Math.round(height)), true);
  }
  if (start < aspects.length) {
    const count = aspects.length - start;
    // A short last row: the target height, unless its files are too wide for it.
    const fitting = (width - spacing * (count - 1)) / sum;
    close(aspects.length, Math.max(1, Math.round(Math.min(target, fitting))), false);
  }
  return rows;
}

/** The row height aimed at: the grid's tile size (spec 000 §9: 228 desktop, 176 mobile). */
export const targetRowHeight = (isMobile: boolean) => (isMobile ? TILE_MOBILE : TILE_DESKTOP);

/** A section of the flow: its box, and its rows once its files' sizes are known. */
export interface FlowBox extends SectionBox {
  flowRows: FlowRow[] | undefined;
}

/** Height of `count` files not loaded yet: rows of the assumed aspect at the target height. */
export function estimatedRowsHeight(count: number, width: number, target: number): number {
  if (count <= 0) return 0;
  const perRow = Math.max(1, Math.round((width + SPACING) / (target * ASSUMED_ASPECT + SPACING)));
  return Math.ceil(count / perRow) * (target + SPACING);
}

/**
 * Lays out sections (key and count) for a flow `width` px wide: the sections whose files'
 * aspects are known get their justified rows, the others an estimate.
 */
export function layoutFlow(
  sections: readonly { key: number; count: number }[],
  aspectsOf: ReadonlyMap<number, readonly number[]>,
  width: number,
  isMobile: boolean,
): { boxes: FlowBox[]; total: number } {
  const target = targetRowHeight(isMobile);
  const usable = Math.max(width, target);
  const boxes: FlowBox[] = [];
  let top = 0;
  for (const section of sections) {
    const aspects = aspectsOf.get(section.key);
    const flowRows = aspects ? justify(aspects, usable, target) : undefined;
    const last = flowRows?.at(-1);
    const known = last ? last.top + last.height + SPACING : 0;
    // A section arriving page by page: its loaded rows, and an estimate for the rest.
    const rowsHeight = known + estimatedRowsHeight(section.count - (aspects?.length ?? 0), usable, target);
    const height = HEADER_PX + rowsHeight + GAP_PX;
    boxes.push({ top, height, rows: flowRows?.length ?? 0, flowRows });
    top += height;
  }
  return { boxes, total: top };
}

/** Indices of the rows of `rows` that intersect [from, to), relative to the rows' origin. */
export function flowRowsBetween(
  rows: readonly FlowRow[],
  from: number,
  to: number,
): { first: number; last: number } {
  let low = 0;
  let high = rows.length;
  // The first row whose bottom is below `from`.
  while (low < high) {
    const middle = (low + high) >> 1;
    const row = rows[middle];
    if (row && row.top + row.height <= from) low = middle + 1;
    else high = middle;
  }
  let last = low;
  while (last < rows.length && (rows[last]?.top ?? Infinity) < to) last++;
  return { first: low, last };
}
