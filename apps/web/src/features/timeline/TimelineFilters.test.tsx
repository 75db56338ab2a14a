import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { TimelineFilters } from './TimelineFilters.tsx';

/** jsdom lays nothing out: give the row the sizes of a phone's, 300 px showing of 600. */
function layOut(element: HTMLElement, scrollLeft: number) {
  Object.defineProperties(element, {
    clientWidth: { configurable: true, value: 300 },
    scrollWidth: { configurable: true, value: 600 },
    scrollLeft: { configurable: true, value: scrollLeft, writable: true },
  });
}

describe('timeline filters on a narrow screen (spec 000 §2, §9 layout)', () => {
  test('the row says on which side chips are out of sight, as it scrolls', async () => {
    render(
      <I18nProvider>
        <TimelineFilters view="all" recentCounts={undefined} onChange={() => undefined} />
      </I18nProvider>,
    );
    const row = screen.getByRole('group', { name: 'Show' });
    layOut(row, 0);
    fireEvent.scroll(row);
    await waitFor(() => {
      expect(row.dataset.overflow).toBe('end');
    });
    layOut(row, 150);
    fireEvent.scroll(row);
    await waitFor(() => {
      expect(row.dataset.overflow).toBe('both');
    });
    layOut(row, 300);
    fireEvent.scroll(row);
    await waitFor(() => {
      expect(row.dataset.overflow).toBe('start');
    });
  });
});
