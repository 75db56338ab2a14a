import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a touch must rest to count as a long press (spec 000 §9: 500 ms). */
export const LONG_PRESS_MS = 500;

/** A touch that moves further than this is a scroll or a swipe, not a long press. */
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;

/** Whether a pointer moved from `start` to `point` by more than `tolerance` pixels. */
export function hasMovedBeyond(
  start: { x: number; y: number },
  point: { x: number; y: number },
  tolerance: number = LONG_PRESS_MOVE_TOLERANCE_PX,
): boolean {
  return Math.hypot(point.x - start.x, point.y - start.y) > tolerance;
}

/** Options of {@link useLongPress}. */
export interface LongPressOptions {
  /** Milliseconds a touch must rest; 500 by default (spec 000 §9). */
  delay?: number;
  moveTolerance?: number;
}

/** Handlers to spread on the pressed element. */
export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: (event: PointerEvent) => void;
  onPointerLeave: (event: PointerEvent) => void;
  /** Swallows the click that ends a long press, so the press does not also open the file. */
  onClickCapture: (event: MouseEvent) => void;
  /** Keeps the browser's own long-press menu from opening over a press in progress. */
  onContextMenu: (event: MouseEvent) => void;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Calls `onLongPress` when a touch rests on the element for `delay` ms (spec 000 §4: a long
 * press on touch devices enters select mode). Mouse and pen are ignored; moving beyond the
 * tolerance, lifting, a second finger or the browser taking over the gesture cancels.
 */
export function useLongPress(onLongPress: () => void, options: LongPressOptions = {}): LongPressHandlers {
  const { delay = LONG_PRESS_MS, moveTolerance = LONG_PRESS_MOVE_TOLERANCE_PX } = options;
  const callback = useRef(onLongPress);
  const press = useRef<Press | undefined>(undefined);
  const hasFired = useRef(false);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);
  useEffect(
    () => () => {
      if (press.current) clearTimeout(press.current.timer);
    },
    [],
  );

  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = undefined;
  };

  return {
    onPointerDown(event) {
      hasFired.current = false;
      if (event.pointerType !== 'touch') return;
      // A second finger means a pinch, not a press.
      if (press.current) {
        cancel();
        return;
      }
      const { pointerId, clientX: x, clientY: y } = event;
      const timer = setTimeout(() => {
        press.current = undefined;
        hasFired.current = true;
        callback.current();
      }, delay);
      press.current = { pointerId, x, y, timer };
    },
    onPointerMove(event) {
      const current = press.current;
      if (current?.pointerId !== event.pointerId) return;
      if (hasMovedBeyond(current, { x: event.clientX, y: event.clientY }, moveTolerance)) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture(event) {
      if (!hasFired.current) return;
      hasFired.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    onContextMenu(event) {
      if (press.current || hasFired.current) event.preventDefault();
    },
  };
}
