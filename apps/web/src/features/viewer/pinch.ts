import { PINCH_THRESHOLD_PX } from '@trove/contract';

/** A touch point on the stage, in viewport pixels. */
export interface TouchPoint {
  x: number;
  y: number;
}

const distance = (a: TouchPoint, b: TouchPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * What two fingers did since they touched (spec 000 §9 "pinch threshold 20 px"): moved 20 px
 * or more apart is a pinch out (zoom in), 20 px or more together a pinch in (zoom out);
 * less is nothing yet, so a two-finger tap or a wobble does not zoom.
 */
export function pinchOf(
  start: readonly [TouchPoint, TouchPoint],
  now: readonly [TouchPoint, TouchPoint],
): 'in' | 'out' | null {
  const change = distance(now[0], now[1]) - distance(start[0], start[1]);
  if (change >= PINCH_THRESHOLD_PX) return 'in';
  if (change <= -PINCH_THRESHOLD_PX) return 'out';
  return null;
}

/** The point between two fingers: where a pinch out zooms in. */
export function midpointOf(points: readonly [TouchPoint, TouchPoint]): TouchPoint {
  return { x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2 };
}

/**
 * Follows the touch pointers on the stage and answers, once per gesture, a pinch of two of
 * them (See: {@link pinchOf}) with where it happened.
 */
export function createPinchTracker() {
  const points = new Map<number, TouchPoint>();
  let start: [TouchPoint, TouchPoint] | null = null;
  let isDone = false;
  const pair = (): [TouchPoint, TouchPoint] | null => {
    const [a, b] = [...points.values()];
    return a && b ? [a, b] : null;
  };
  return {
    /** A finger touched; answers whether two are down (a pinch may start, a drag must not). */
    down(id: number, point: TouchPoint): boolean {
      points.set(id, point);
      start = points.size === 2 ? pair() : null;
      isDone = false;
      return points.size >= 2;
    },
    /** A finger moved; answers the pinch it completes, if any. */
    move(id: number, point: TouchPoint): { kind: 'in' | 'out'; at: TouchPoint } | null {
      if (!points.has(id)) return null;
      points.set(id, point);
      const now = pair();
      if (!start || !now || isDone) return null;
      const kind = pinchOf(start, now);
      if (!kind) return null;
      isDone = true;
      return { kind, at: midpointOf(now) };
    },
    up(id: number): void {
      points.delete(id);
      if (points.size < 2) start = null;
    },
    get isPinching() {
      return points.size >= 2;
    },
  };
}
