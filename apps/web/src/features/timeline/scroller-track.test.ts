import { describe, expect, test } from 'vitest';
import { boxAt, type SectionBox } from './layout.ts';
import { fractionAt, readingLine, topAt, yearMarks } from './scroller-track.ts';

/** 2026 to 2021 hold many months; 2020 one small month at the very end, as in a real library. */
const sections = [
  ...[2026, 2025, 2024, 2023, 2022, 2021].flatMap((year) => Array.from({ length: 6 }, () => ({ year }))),
  { year: 2020 },
];
const boxes: SectionBox[] = sections.map((_, index) => ({ top: index * 300, height: 300, rows: 1 }));
const total = sections.length * 300;
const geometry = { total, viewportHeight: 800, headerHeight: 56 };

describe('fast scroller track (spec 000 §2)', () => {
  test('every year with photos has a mark, the last one clear of the track end', () => {
    const marks = yearMarks(sections, boxes, total, 728, 22);
    expect(marks.map((mark) => mark.year)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(new Set(marks.map((mark) => mark.at)).size).toBe(marks.length);
    expect((marks.at(-1)?.at ?? 1) * 728).toBeLessThan(728 - 10);
  });

  test('a year too close to the one above keeps its tick without its number', () => {
    const crowded = [{ year: 2021 }, { year: 2020 }];
    const marks = yearMarks(
      crowded,
      [
        { top: 0, height: 5, rows: 1 },
        { top: 5, height: 5000, rows: 1 },
      ],
      5005,
      700,
      22,
    );
    expect(marks.map((mark) => [mark.year, mark.hasLabel])).toEqual([
      [2021, true],
      [2020, false],
    ]);
  });

  test('after a drag anywhere, the labelled month is on screen below the header', () => {
    for (let at = 0; at <= 1; at += 0.01) {
      const top = topAt(at, geometry);
      const labelled = boxes[boxAt(boxes, readingLine(at, total))];
      if (!labelled) throw new Error('no month');
      const visibleFrom = top + geometry.headerHeight;
      const visibleTo = top + geometry.viewportHeight;
      expect(labelled.top + labelled.height, `at ${String(at)}`).toBeGreaterThan(visibleFrom);
      expect(labelled.top, `at ${String(at)}`).toBeLessThan(visibleTo);
      expect(fractionAt(top, geometry)).toBeCloseTo(at, 6);
    }
  });
});
