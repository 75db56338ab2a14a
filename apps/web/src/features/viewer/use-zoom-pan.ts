import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { Step } from './model.ts';
import { createPinchTracker } from './pinch.ts';
import { swipeOf } from './swipe.ts';
import { clampOffset, zoomOffset, zoomedSize, type Point, type Size } from './zoom.ts';

/** A pointer that moved less than this was a click, not a drag. */
const CLICK_SLOP_PX = 6;

/** Options of {@link useZoomPan}. */
export interface ZoomPanOptions {
  stageRef: RefObject<HTMLElement | null>;
  /** The picture's full size; undefined until known. */
  image: Size | undefined;
  isZoomed: boolean;
  onZoomChange: (isZoomed: boolean) => void;
  onSwipe: (step: Step) => void;
  onSwipeDown: () => void;
}

const sizeOf = (element: HTMLElement): Size => ({ width: element.clientWidth, height: element.clientHeight });
/** Keeps the state object when the size is the same, so measuring again does not re-render. */
const sameOr = (next: Size) => (previous: Size) =>
  previous.width === next.width && previous.height === next.height ? previous : next;

/**
 * Click to zoom, click again to fit; the wheel zooms in (up) and out (down), and so does a
 * pinch of two fingers once they moved 20 px apart or together (spec 000 §9); drag to pan
 * while zoomed; swipe sideways to step and down to leave while not (spec 000 §4 Carousel).
 * A zoom from a click or the wheel keeps the point under the pointer; one from elsewhere
 * (the toolbar) starts at the centre.
 * @returns pointer handlers for the stage and the style of the zoomed image.
 */
export function useZoomPan(options: ZoomPanOptions) {
  const { stageRef, image, isZoomed, onZoomChange, onSwipe, onSwipeDown } = options;
  /** Where the zoomed image's corner was put (click, drag); null: centred. */
  const [offset, setOffset] = useState<Point | null>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const drag = useRef<{ id: number; x: number; y: number; from: Point | null; moved: boolean } | null>(null);
  // Two fingers: a pinch zooms (spec 000 §9 pinch threshold 20 px), never a drag or a swipe.
  const [pinch] = useState(createPinchTracker);
  const wasDrag = useRef(false);

  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      setStage(sameOr(sizeOf(element)));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [stageRef]);

  /** Zooms in keeping the point under (clientX, clientY) where it is. */
  const zoomInAt = (clientX: number, clientY: number) => {
    const element = stageRef.current;
    if (!element || !image) {
      setOffset(null);
      onZoomChange(true);
      return;
    }
    const rect = element.getBoundingClientRect();
    const size = sizeOf(element);
    setStage(sameOr(size));
    setOffset(zoomOffset({ x: clientX - rect.left, y: clientY - rect.top }, size, image));
    onZoomChange(true);
  };
  useWheelZoom(stageRef, isZoomed, zoomInAt, () => {
    setOffset(null);
    onZoomChange(false);
  });

  const zoomed = isZoomed && image && stage.width > 0 ? zoomedSize(stage, image) : undefined;
  // Clamped while rendering, so a resized window never leaves an edge inside the stage.
  const position =
    zoomed && image
      ? clampOffset(
          offset ?? zoomOffset({ x: stage.width / 2, y: stage.height / 2 }, stage, image),
          zoomed,
          stage,
        )
      : null;
  const style: CSSProperties | undefined =
    zoomed && position
      ? {
          width: zoomed.width,
          height: zoomed.height,
          transform: `translate(${String(position.x)}px, ${String(position.y)}px)`,
        }
      : undefined;

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (
        event.pointerType === 'touch' &&
        pinch.down(event.pointerId, { x: event.clientX, y: event.clientY })
      ) {
        drag.current = null;
        wasDrag.current = true;
        return;
      }
      if (event.button !== 0) return;
      drag.current = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        from: position,
        moved: false,
      };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'touch') {
        const pinched = pinch.move(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pinched?.kind === 'in' && !isZoomed) zoomInAt(pinched.at.x, pinched.at.y);
        if (pinched?.kind === 'out' && isZoomed) {
          setOffset(null);
          onZoomChange(false);
        }
        if (pinch.isPinching) return;
      }
      const current = drag.current;
      if (current?.id !== event.pointerId) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (Math.hypot(dx, dy) > CLICK_SLOP_PX) current.moved = true;
      if (zoomed && current.from) {
        setOffset(clampOffset({ x: current.from.x + dx, y: current.from.y + dy }, zoomed, stage));
      }
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      pinch.up(event.pointerId);
      const current = drag.current;
      if (current?.id !== event.pointerId) return;
      drag.current = null;
      wasDrag.current = current.moved;
      if (isZoomed || event.pointerType === 'mouse') return;
      const swipe = swipeOf(event.clientX - current.x, event.clientY - current.y);
      if (swipe === 'down') onSwipeDown();
      else if (swipe) onSwipe(swipe);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      pinch.up(event.pointerId);
      drag.current = null;
    },
    onClick(event: MouseEvent<HTMLElement>) {
      // The end of a drag, or the second click of a double-click (which zooms once).
      if (wasDrag.current || event.detail > 1) {
        wasDrag.current = false;
        return;
      }
      if (isZoomed) {
        setOffset(null);
        onZoomChange(false);
      } else zoomInAt(event.clientX, event.clientY);
    },
  };
  return { handlers, style };
}

/**
 * The wheel over the picture zooms: up (or a pinch out on a trackpad, which the browser
 * sends as a wheel with Ctrl) zooms in at the pointer, down zooms out. The listener is not
 * passive, so the page itself neither scrolls nor zooms.
 */
function useWheelZoom(
  stageRef: RefObject<HTMLElement | null>,
  isZoomed: boolean,
  zoomIn: (clientX: number, clientY: number) => void,
  zoomOut: () => void,
) {
  const handleZoomIn = useEffectEvent(zoomIn);
  const handleZoomOut = useEffectEvent(zoomOut);
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const handleWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      if (event.deltaY < 0 && !isZoomed) handleZoomIn(event.clientX, event.clientY);
      if (event.deltaY > 0 && isZoomed) handleZoomOut();
    };
    element.addEventListener('wheel', handleWheel, { passive: false });
    return () => {
      element.removeEventListener('wheel', handleWheel);
    };
  }, [stageRef, isZoomed]);
}
