import { useEffect, useRef, useState } from 'react';

/** Hover delays of spec 000 §2 Timeline: a video preview after 300 ms, the date after 1 s. */
export const PREVIEW_AFTER_MS = 300;
export const TOOLTIP_AFTER_MS = 1000;

const NONE = { preview: false, tooltip: false };

/**
 * How long the pointer has rested on a tile, as two flags; leaving resets both (spec 000
 * §2: "leaving stops both"). Timers run only while hovered and die with the tile.
 */
export function useHoverStages() {
  const [stage, setStage] = useState(NONE);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const clear = () => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  };
  useEffect(() => clear, []);
  return {
    stage,
    onMouseEnter: () => {
      clear();
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
