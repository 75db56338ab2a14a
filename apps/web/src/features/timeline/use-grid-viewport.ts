import { useEffect, useState, type RefObject } from 'react';
import { isFastScroll, MOBILE_BELOW_PX } from './layout.ts';

/** How long scrolling must have been calm before loading resumes after a fling. */
const SETTLE_MS = 150;

/** What the grid needs to know about the window, updated once per animation frame. */
export interface GridViewport {
  width: number;
  isMobile: boolean;
  /** Real pixels scrolled past the top of the grid (negative while the grid is below the top). */
  scrollTop: number;
  height: number;
  /** True while the user flings (spec 000 §9): sections do not load until it settles. */
  isFast: boolean;
  /** Space between the grid and the right edge of the window: the fast scroller's room. */
  sideMargin: number;
}

/**
 * Follows the window's scroll and size relative to the grid element. The page scrolls as
 * a whole (mobile browsers hide their bars, the footer stays reachable); `toVirtual`
 * decides what a real position means (see [Note: Timeline layout]). `ratio` (real to
 * virtual, read when the window scrolls) judges fast scrolling in virtual pixels.
 */
export function useGridViewport(ref: RefObject<HTMLElement | null>, ratio: RefObject<number>): GridViewport {
  const [viewport, setViewport] = useState<GridViewport>(() => ({
    width: 0,
    isMobile: typeof window !== 'undefined' && window.innerWidth < MOBILE_BELOW_PX,
    scrollTop: 0,
    height: typeof window !== 'undefined' ? window.innerHeight : 800,
    isFast: false,
    sideMargin: 0,
  }));

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const samples: { at: number; y: number }[] = [];
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let isFast = false;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const scrollTop = -rect.top;
      const now = performance.now();
      samples.push({ at: now, y: scrollTop * ratio.current });
      while (samples.length > 0 && now - (samples[0]?.at ?? now) > 300) samples.shift();
      if (isFastScroll(samples, now, window.innerHeight)) {
        isFast = true;
        clearTimeout(settle);
        settle = setTimeout(() => {
          isFast = false;
          schedule();
        }, SETTLE_MS);
      }
      setViewport((previous) => {
        const next = {
          width: element.clientWidth,
          isMobile: window.innerWidth < MOBILE_BELOW_PX,
          scrollTop,
          height: window.innerHeight,
          isFast,
          sideMargin: Math.max(0, window.innerWidth - rect.right),
        };
        const same =
          previous.width === next.width &&
          previous.isMobile === next.isMobile &&
          previous.scrollTop === next.scrollTop &&
          previous.height === next.height &&
          previous.isFast === next.isFast &&
          previous.sideMargin === next.sideMargin;
        return same ? previous : next;
      });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const resize = new ResizeObserver(schedule);
    resize.observe(element);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      resize.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, ratio]);
  return viewport;
}
