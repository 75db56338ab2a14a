import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { FastScroller } from './FastScroller.tsx';
import type { SectionBox } from './layout.ts';
import type { TimelineSection } from './sections.ts';

/** Five busy years, then 2021 and 2020 with one month each: both in the last screenful. */
const sections: TimelineSection[] = [
  ...[2026, 2025, 2024, 2023, 2022].flatMap((year) =>
    Array.from({ length: 6 }, (_, index) => ({ year, month: 12 - index })),
  ),
  { year: 2021, month: 3 },
  { year: 2020, month: 12 },
].map(({ year, month }) => {
  const start = Date.UTC(year, month - 1, 1) / 1000;
  return { key: start, count: 4, year, month, start, end: Date.UTC(year, month, 1) / 1000 };
});
const boxes: SectionBox[] = sections.map((_, index) => ({ top: index * 300, height: 300, rows: 1 }));
const total = sections.length * 300;

function renderScroller(top: number) {
  const onScrollTo = vi.fn();
  render(
    <I18nProvider>
      <FastScroller
        sections={sections}
        boxes={boxes}
        total={total}
        top={top}
        viewportHeight={800}
        isCollapsed={false}
        mode="regular"
        onScrollTo={onScrollTo}
      />
    </I18nProvider>,
  );
  return { onScrollTo, scroller: screen.getByRole('scrollbar') };
}

describe('fast scroller (spec 000 §2)', () => {
  test('every year with photos has its mark, the oldest ones too', () => {
    const { scroller } = renderScroller(0);
    const years = [...scroller.querySelectorAll('.fast-scroller__year')].map((mark) =>
      mark.getAttribute('title'),
    );
    expect(years).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);
  });

  test('the keys bring a month’s heading just below the header, not under it', () => {
    const { onScrollTo, scroller } = renderScroller(0);
    fireEvent.keyDown(scroller, { key: 'End' });
    expect(onScrollTo).toHaveBeenLastCalledWith((boxes.at(-1)?.top ?? 0) - 56);
  });

  test('names the month on screen at the thumb, not one scrolled under the header', () => {
    // The window's top is 260 px into a 300 px month (index 14): the header hides the rest.
    const top = 14 * 300 + 260;
    const { scroller } = renderScroller(top);
    const named = scroller.getAttribute('aria-valuetext') ?? '';
    const shown = sections.filter((_, index) => {
      const box = boxes[index];
      return box !== undefined && box.top + box.height > top + 56 && box.top < top + 800;
    });
    const names = shown.map((section) =>
      new Date(section.start * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }),
    );
    expect(names).toContain(named);
  });
});
