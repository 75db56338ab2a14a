import { useRef, type TouchEvent } from 'react';
import type { Step } from './model.ts';

/** A horizontal touch swipe this long steps to the neighbour, a downward one leaves. */
export const SWIPE_PX = 60;
/**
 * The height of the native video controls at the bottom of a player (Chrome's timeline and
 * button row, Safari's bar): a drag that starts there seeks, it is not a swipe.
 */
const CONTROLS_PX = 80;

/** What a touch that moved by (dx, dy) means: a step, leaving, or nothing (too short, upward). */
export function swipeOf(dx: number, dy: number): Step | 'down' | null {
  if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'next' : 'previous';
  if (dy > SWIPE_PX && dy > Math.abs(dx)) return 'down';
  return null;
}

/**
 * Swipes over a video with native controls (spec 000 §4 Carousel): sideways steps, down
 * leaves. Read from touch events, not pointer events: where the browser takes a drag over a
 * video for itself (one that ignores touch-action, the player's own gesture handling) it
 * cancels the pointer, while touch events still run to their end. A drag from the control
 * bar (seeking), with two fingers, or in fullscreen is left to the player.
 * @returns touch handlers for the element around the player.
 */
export function useTouchSwipe(onSwipe: (step: Step) => void, onSwipeDown: () => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent<HTMLElement>) {
      const touch = event.touches[0];
      const box = event.currentTarget.getBoundingClientRect();
      const isOnControls = touch !== undefined && touch.clientY > box.bottom - CONTROLS_PX;
      start.current =
        event.touches.length === 1 && touch && !isOnControls && !document.fullscreenElement
          ? { id: touch.identifier, x: touch.clientX, y: touch.clientY }
          : null;
    },
    onTouchEnd(event: TouchEvent<HTMLElement>) {
      const from = start.current;
      const touch = [...event.nativeEvent.changedTouches].find((t) => t.identifier === from?.id);
      start.current = null;
      if (!from || !touch) return;
      const swipe = swipeOf(touch.clientX - from.x, touch.clientY - from.y);
      if (swipe === 'down') onSwipeDown();
      else if (swipe) onSwipe(swipe);
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
