import { useLayoutEffect, type RefObject } from 'react';
import { keepInViewport, type Anchor } from './floating.ts';

/**
 * Places the open floating element of `floatingRef` next to `anchor` and keeps it inside
 * the viewport while it is open (See: [Note: Floating in the viewport]). `anchor` is read
 * when `isOpen` turns true or `key` changes (a context menu opened at another point).
 */
export function useInViewport(
  floatingRef: RefObject<HTMLElement | null>,
  isOpen: boolean,
  anchor: () => Anchor | null,
  placement: 'bottom-end' | 'bottom-start' | 'top',
  key?: unknown,
): void {
  useLayoutEffect(() => {
    const floating = floatingRef.current;
    const from = anchor();
    if (!isOpen || !floating || !from) return;
    return keepInViewport(from, floating, placement);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `anchor` is read on open (or a new key) only.
  }, [isOpen, key]);
}
