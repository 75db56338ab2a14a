import { describe, expect, test } from 'vitest';
import { GAP_PX, HEADER_PX, SPACING } from '../../timeline/index.ts';
import {
  ASSUMED_ASPECT,
  aspectOf,
  estimatedRowsHeight,
  flowRowsBetween,
  justify,
  layoutFlow,
} from './flow-layout.ts';

describe('justify', () => {
  test('full rows fill the width exactly and are no taller than the target', () => {
    const aspects = Array.from({ length: 20 }, (_, i) => [1.5, 0.75, 1, 1.33][i % 4] ?? 1);
    const rows = justify(aspects, 1000, 228);
    for (const row of rows.slice(0, -1)) {
      const used = row.widths.reduce((sum, w) => sum + w, 0) + SPACING * (row.widths.length - 1);
      expect(used).toBe(1000);
      expect(row.height).toBeLessThanOrEqual(228);
    }
    expect(rows.reduce((sum, row) => sum + row.widths.length, 0)).toBe(20);
  });

  test('each file keeps its aspect ratio within a pixel', () => {
    const aspects = [1.5, 0.75, 1, 2, 1.33, 0.8];
    for (const row of justify(aspects, 900, 200)) {
      row.widths.slice(0, -1).forEach((width, i) => {
        expect(Math.abs(width - (aspects[row.start + i] ?? 0) * row.height)).toBeLessThanOrEqual(1);
      });
    }
  });

  test('a short last row keeps the target height, not stretched', () => {
    const rows = justify([1, 1], 1000, 228);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.height).toBe(228);
    expect(rows[0]?.widths).toEqual([228, 228]);
  });

  test('rows stack with the spacing between them', () => {
    const rows = justify(
      Array.from({ length: 12 }, () => 1),
      460,
      228,
    );
    rows.forEach((row, i) => {
      if (i > 0) expect(row.top).toBe((rows[i - 1]?.top ?? 0) + (rows[i - 1]?.height ?? 0) + SPACING);
    });
  });
});

test('aspect ratios are clamped, unknown sizes are 4:3', () => {
  expect(aspectOf({ width: 4000, height: 3000 })).toBeCloseTo(4 / 3);
  expect(aspectOf({ width: 0, height: 0 })).toBe(ASSUMED_ASPECT);
  expect(aspectOf({ width: 10_000, height: 100 })).toBe(3);
  expect(aspectOf({ width: 100, height: 10_000 })).toBe(0.4);
});

describe('layoutFlow', () => {
  test('unloaded sections are estimated from their counts, loaded ones use their rows', () => {
    const sections = [
      { key: 1, count: 30 },
      { key: 2, count: 3 },
    ];
    const estimated = layoutFlow(sections, new Map(), 1000, false);
    expect(estimated.boxes[0]?.flowRows).toBeUndefined();
    expect(estimated.boxes[0]?.height).toBe(HEADER_PX + estimatedRowsHeight(30, 1000, 228) + GAP_PX);
    expect(estimated.boxes[1]?.top).toBe(estimated.boxes[0]?.height);

    const loaded = layoutFlow(sections, new Map([[2, [1, 1, 1]]]), 1000, false);
    const rows = loaded.boxes[1]?.flowRows ?? [];
    expect(rows).toHaveLength(1);
    expect(loaded.boxes[1]?.height).toBe(HEADER_PX + 228 + SPACING + GAP_PX);
    expect(loaded.total).toBe((loaded.boxes[0]?.height ?? 0) + (loaded.boxes[1]?.height ?? 0));
  });

  test('a section half loaded is its rows so far and an estimate of the rest', () => {
    const half = layoutFlow([{ key: 1, count: 10 }], new Map([[1, [1, 1, 1, 1, 1]]]), 1000, false);
    const justified = justify([1, 1, 1, 1, 1], 1000, 228);
    const last = justified.at(-1);
    const known = (last?.top ?? 0) + (last?.height ?? 0) + SPACING;
    expect(half.boxes[0]?.height).toBe(HEADER_PX + known + estimatedRowsHeight(5, 1000, 228) + GAP_PX);
  });
});

test('flowRowsBetween finds the rows that intersect a window', () => {
  const rows = justify(
    Array.from({ length: 40 }, () => 1.5),
    700,
    200,
  );
  const { first, last } = flowRowsBetween(rows, 500, 900);
  expect(first).toBeGreaterThan(0);
  for (let i = first; i < last; i++) {
    const row = rows[i];
    expect((row?.top ?? 0) < 900 && (row?.top ?? 0) + (row?.height ?? 0) > 500).toBe(true);
  }
  const before = rows[first - 1];
  expect((before?.top ?? 0) + (before?.height ?? 0)).toBeLessThanOrEqual(500);
  expect(rows[last]?.top ?? Infinity).toBeGreaterThanOrEqual(900);
});
