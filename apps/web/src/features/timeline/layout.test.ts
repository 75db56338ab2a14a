import { describe, expect, test } from 'vitest';
import {
  GAP_PX,
  HEADER_PX,
  MAX_SCROLL_HEIGHT,
  boxAt,
  isFastScroll,
  layoutGrid,
  rowsBetween,
  scrollScale,
  sectionsBetween,
  toReal,
  toVirtual,
} from './layout.ts';

describe('layoutGrid', () => {
  test('stretches 228 px tiles to fill a desktop row exactly, 2 px apart', () => {
    const layout = layoutGrid([{ key: 1, count: 11 }], 1000, false);
    expect(layout.perRow).toBe(4);
    expect(layout.size).toBe(248);
    expect(layout.size * 4 + 2 * 3).toBeLessThanOrEqual(1000);
    expect(layout.boxes[0]).toEqual({ top: 0, rows: 3, height: HEADER_PX + 3 * 250 + GAP_PX });
  });

  test('uses 176 px tiles on mobile and stacks sections one after another', () => {
    const layout = layoutGrid(
      [
        { key: 1, count: 2 },
        { key: 2, count: 5 },
      ],
      390,
      true,
    );
    expect(layout.perRow).toBe(2);
    const [first, second] = layout.boxes;
    expect(second?.top).toBe((first?.top ?? 0) + (first?.height ?? 0));
    expect(layout.total).toBe((second?.top ?? 0) + (second?.height ?? 0));
  });
});

describe('finding what is on screen', () => {
  const layout = layoutGrid(
    Array.from({ length: 100 }, (_, index) => ({ key: index, count: 40 })),
    1000,
    false,
  );

  test('boxAt finds the section under a position by bisection', () => {
    const box = layout.boxes[37];
    expect(boxAt(layout.boxes, (box?.top ?? 0) + 5)).toBe(37);
    expect(boxAt(layout.boxes, -100)).toBe(0);
    expect(boxAt(layout.boxes, layout.total + 100)).toBe(99);
  });

  test('sectionsBetween lists exactly the sections that intersect a window', () => {
    const top = layout.boxes[10]?.top ?? 0;
    expect(sectionsBetween(layout.boxes, top - 1, top + 1)).toEqual([9, 10]);
    expect(sectionsBetween(layout.boxes, top, top + 1)).toEqual([10]);
  });

  test('rowsBetween clamps to the rows of the section', () => {
    const box = layout.boxes[0];
    if (!box) throw new Error('no box');
    expect(rowsBetween(box, layout.rowPitch, -500, 5)).toEqual({ first: 0, last: 0 });
    expect(rowsBetween(box, layout.rowPitch, 0, HEADER_PX + 1)).toEqual({ first: 0, last: 1 });
    expect(rowsBetween(box, layout.rowPitch, 0, 1e9)).toEqual({ first: 0, last: box.rows });
  });

  test('a 20,000-file month puts only the rows near the window on screen', () => {
    const big = layoutGrid([{ key: 1, count: 20_000 }], 1200, false);
    const box = big.boxes[0];
    if (!box) throw new Error('no box');
    const middle = box.top + box.height / 2;
    const rows = rowsBetween(box, big.rowPitch, middle - 400, middle + 800 + 400);
    expect(rows.last - rows.first).toBeLessThanOrEqual(Math.ceil(1600 / big.rowPitch) + 1);
  });
});

describe('scrollScale', () => {
  test('does not scale a grid that fits', () => {
    expect(scrollScale(5_000_000, 800)).toEqual({ height: 5_000_000, ratio: 1 });
  });

  test('keeps every month of a million files reachable under the height cap', () => {
    const sections = Array.from({ length: 12 * 40 }, (_, index) => ({ key: index, count: 2084 }));
    const layout = layoutGrid(sections, 1200, false);
    expect(layout.total).toBeGreaterThan(MAX_SCROLL_HEIGHT);
    const scale = scrollScale(layout.total, 800);
    expect(scale.height).toBe(MAX_SCROLL_HEIGHT);
    // The bottom of the real range shows the last screen of the virtual grid.
    expect(toVirtual(scale, scale.height - 800) + 800).toBeCloseTo(layout.total, 0);
    const oldest = layout.boxes.at(-1);
    expect(toReal(scale, oldest?.top ?? 0)).toBeLessThan(scale.height);
  });
});

describe('isFastScroll', () => {
  test('is fast past 7.5 viewports within 250 ms, and only then', () => {
    const samples = [
      { at: 0, y: 0 },
      { at: 200, y: 7.6 * 800 },
    ];
    expect(isFastScroll(samples, 200, 800)).toBe(true);
    expect(isFastScroll(samples, 300, 800)).toBe(false);
    expect(
      isFastScroll(
        [
          { at: 0, y: 0 },
          { at: 200, y: 7 * 800 },
        ],
        200,
        800,
      ),
    ).toBe(false);
  });
});
