import { useEffect, type RefObject } from 'react';
import { isNearEnd } from './model.ts';

/**
 * Calls `fetchMore` whenever the element behind `endRef` (the end of a list) comes within
 * 1000 px of the bottom of the window (spec 000 §9), as the window scrolls or resizes and
 * again after each page (`canFetch` turning true: a short page may leave the end in view).
 * The page scrolls in the window, not in a box of its own.
 */
export function useFetchMore(
  endRef: RefObject<HTMLElement | null>,
  canFetch: boolean,
  fetchMore: () => void,
): void {
  useEffect(() => {
    if (!canFetch) return;
    let isDone = false;
    const check = () => {
      const end = endRef.current;
      if (isDone || !end) return;
      if (isNearEnd(end.getBoundingClientRect().bottom, window.innerHeight)) {
        isDone = true;
        fetchMore();
      }
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [endRef, canFetch, fetchMore]);
}
