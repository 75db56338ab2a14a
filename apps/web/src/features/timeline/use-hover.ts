import { SCROLL_THRESHOLD_PX } from '@trove/contract';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';

/** Hover delays of spec 000 §2 Timeline: a video preview after 300 ms, the date after 1 s. */
export const PREVIEW_AFTER_MS = 300;
export const TOOLTIP_AFTER_MS = 1000;

const NONE = { preview: false, tooltip: false };

/**
 * Whether the page scrolled far enough from `from` to count as the user scrolling (spec 000
 * §9 "scroll handling threshold 30 px"): smaller moves (a trackpad's jitter, the browser
 * settling) do not.
 */
export function isScrolledPast(from: number, to: number): boolean {
  return Math.abs(to - from) >= SCROLL_THRESHOLD_PX;
}

/**
 * How long the pointer has rested on a tile, as two flags; leaving resets both (spec 000
 * §2: "leaving stops both"), and so does scrolling the page 30 px or more under a resting
 * pointer (§9 scroll handling threshold), which brings another tile under it without a
 * mouse event. Timers run only while hovered and die with the tile.
 */
export function useHoverStages() {
  const [stage, setStage] = useState(NONE);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const stopScrollWatch = useRef<(() => void) | undefined>(undefined);
  const clear = () => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    stopScrollWatch.current?.();
    stopScrollWatch.current = undefined;
  };
  useEffect(() => clear, []);
  const watchScroll = () => {
    const from = window.scrollY;
    const handleScroll = () => {
      if (!isScrolledPast(from, window.scrollY)) return;
      clear();
      setStage(NONE);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    stopScrollWatch.current = () => {
      window.removeEventListener('scroll', handleScroll);
    };
  };
  return {
    stage,
    onMouseEnter: () => {
      clear();
      watchScroll();
      timers.current = [
        setTimeout(() => {
          setStage((s) => ({ ...s, preview: true }));
        }, PREVIEW_AFTER_MS),
        setTimeout(() => {
          setStage({ preview: true, tooltip: true });
        }, TOOLTIP_AFTER_MS),
      ];
    },
    onMouseLeave: () => {
      clear();
      setStage(NONE);
    },
  };
}

/** The hover preview asks for this many bytes first (spec 000 §7 video hover preview). */
export const PREVIEW_RANGE_BYTES = 5_000_000;

/**
 * The source of a tile's hover preview (spec 000 §7): a GET of the low-quality video with
 * a Range header for the first 5,000,000 bytes, played from memory (previews are faststart,
 * so the head plays on its own); if that fails, the plain URL. Undefined while not wanted
 * or still loading; the request is aborted and the memory freed when the hover ends.
 */
export function usePreviewSource(url: string | undefined): string | undefined {
  const api = useApi();
  const [source, setSource] = useState<{ url: string; src: string }>();
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    void (async () => {
      let src = url;
      try {
        const head = await api.media(url, {
          range: `bytes=0-${String(PREVIEW_RANGE_BYTES - 1)}`,
          signal: controller.signal,
        });
        objectUrl = URL.createObjectURL(head);
        src = objectUrl;
      } catch {
        if (controller.signal.aborted) return;
      }
      setSource({ url, src });
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, url]);
  return url && source?.url === url ? source.src : undefined;
}
