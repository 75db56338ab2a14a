import { TOOLTIP } from '@trove/contract';
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';

/** The props a trigger gets from {@link Tooltip}; its own handlers still run. */
interface TriggerProps {
  'aria-describedby'?: string | undefined;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** The text; none draws the trigger alone. */
  text: string | undefined;
  /**
   * Whether the text describes the trigger (aria-describedby, the default), or only repeats
   * its accessible name (an icon button's label), which a screen reader must not hear twice.
   */
  isDescription?: boolean;
  /** One element that takes focus and pointer events (a button, a link). */
  children: ReactElement<TriggerProps>;
}

/** Closed; waiting out the open delay on a trigger; or open beside it. */
type TooltipState = { phase: 'closed' } | { phase: 'waiting' | 'open'; anchor: HTMLElement };
const CLOSED: TooltipState = { phase: 'closed' };

/** Whether focus came from the keyboard; where `:focus-visible` is unknown, say yes. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * [Note: Tooltips] The app's tooltip (spec 000 §9, spec 001 §9: open delay 500 ms, at most
 * 400 px wide), in place of the browser's `title`, which never shows on keyboard focus or on
 * touch, cannot be dismissed, and pops up at its own delay. It opens 500 ms after a mouse or
 * pen rests on the trigger, or after keyboard focus reaches it; leaving, blur, a press and
 * Escape close it (WCAG 1.4.13). The text is always in the DOM, hidden while closed, and
 * describes the trigger through aria-describedby. The bubble is placed by Floating UI
 * through ui/floating.ts, fetched when a tooltip first opens, so the first load of /photos
 * never carries it (See: [Note: Floating in the viewport]); it stays inside the viewport,
 * a phone's 390 px included.
 */
export function Tooltip({ text, isDescription = true, children }: TooltipProps) {
  const id = useId();
  const [state, setState] = useState<TooltipState>(CLOSED);
  const [placedFor, setPlacedFor] = useState<HTMLElement | null>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);
  const anchor = state.phase === 'open' ? state.anchor : null;

  useEffect(() => {
    if (state.phase !== 'waiting') return;
    const timer = setTimeout(() => {
      setState({ phase: 'open', anchor: state.anchor });
    }, TOOLTIP.openDelayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => {
    const bubble = bubbleRef.current;
    if (!anchor || !bubble) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      // Not stopped: the Escape that hides a tooltip also closes its dialog or menu.
      if (event.key === 'Escape') setState(CLOSED);
    };
    document.addEventListener('keydown', handleKeyDown, true);
    let stop: (() => void) | undefined;
    let isOver = false;
    void import('./floating.ts').then(({ keepInViewport }) => {
      if (isOver) return;
      stop = keepInViewport(anchor, bubble, 'bottom');
      // Floating UI places it within a frame: shown from then on, never at the corner first.
      requestAnimationFrame(() => {
        if (!isOver) setPlacedFor(anchor);
      });
    });
    return () => {
      isOver = true;
      stop?.();
      document.removeEventListener('keydown', handleKeyDown, true);
    };
  }, [anchor]);

  const close = () => {
    setState(CLOSED);
  };
  const openLater = (element: HTMLElement) => {
    setState({ phase: 'waiting', anchor: element });
  };
  if (!text) return children;
  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': isDescription ? id : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') openLater(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (isKeyboardFocus(event.currentTarget)) openLater(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
  });
  return (
    <>
      {trigger}
      {createPortal(
        <span
          ref={bubbleRef}
          id={id}
          role="tooltip"
          className={anchor !== null && placedFor === anchor ? 'tooltip is-placed' : 'tooltip'}
          hidden={anchor === null}
          aria-hidden={isDescription ? undefined : true}
        >
          {text}
        </span>,
        document.body,
      )}
    </>
  );
}
