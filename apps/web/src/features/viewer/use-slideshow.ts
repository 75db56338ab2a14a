import { useEffect, useEffectEvent } from 'react';

/**
 * The slideshow timer (spec 000 §9): while `isPlaying`, calls `advance` `delay` ms after
 * the slide `slideKey` appeared, or never while `delay` is null (a video still playing).
 * A new slide, or a new delay (the video finished), starts the wait over.
 */
export function useSlideshow(
  isPlaying: boolean,
  delay: number | null,
  slideKey: string,
  advance: () => void,
) {
  const onAdvance = useEffectEvent(advance);
  useEffect(() => {
    if (!isPlaying || delay === null) return;
    const timer = setTimeout(() => {
      onAdvance();
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [isPlaying, delay, slideKey]);
}
