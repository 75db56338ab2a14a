import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { useFetchMore } from './use-fetch-more.ts';

let endBottom = 5000;

function List({ canFetch, fetchMore }: { canFetch: boolean; fetchMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFetchMore(ref, canFetch, fetchMore);
  return <div ref={ref} data-testid="end" />;
}

function scroll() {
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

function renderList(canFetch: boolean, fetchMore: () => void) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ bottom: endBottom }) as DOMRect,
  );
  return render(<List canFetch={canFetch} fetchMore={fetchMore} />);
}

test('spec 000 §9: the next page is asked for once the end scrolls within 1000 px, once per page', () => {
  endBottom = 5000;
  window.innerHeight = 800;
  const fetchMore = vi.fn();
  const { rerender } = renderList(true, fetchMore);
  expect(fetchMore).not.toHaveBeenCalled();

  endBottom = 1900;
  scroll();
  expect(fetchMore).not.toHaveBeenCalled();

  endBottom = 1800;
  scroll();
  scroll();
  expect(fetchMore).toHaveBeenCalledTimes(1);

  // While the page loads nothing more is asked; when it has come and the end is still near, again.
  rerender(<List canFetch={false} fetchMore={fetchMore} />);
  scroll();
  expect(fetchMore).toHaveBeenCalledTimes(1);
  rerender(<List canFetch fetchMore={fetchMore} />);
  expect(fetchMore).toHaveBeenCalledTimes(2);
});

test('nothing is asked for when there is no next page', () => {
  endBottom = 100;
  const fetchMore = vi.fn();
  renderList(false, fetchMore);
  scroll();
  expect(fetchMore).not.toHaveBeenCalled();
});
