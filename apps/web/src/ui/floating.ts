import { autoUpdate, computePosition, flip, offset, shift, size, type Placement } from '@floating-ui/dom';

/** Room kept between a floating element and the viewport's edges, in CSS pixels. */
const EDGE_PX = 8;

/** A point in viewport coordinates (a pointer event's clientX/clientY). */
export interface Point {
  x: number;
  y: number;
}

/** What a floating element hangs from: an element (a menu button) or a point (a right click). */
export type Anchor = Element | Point;

/**
 * [Note: Floating in the viewport] Every menu, popover and tooltip is placed by Floating UI
 * (through ui/use-in-viewport.ts; only lazy chunks import it, so the library never weighs on
 * the first load of /photos: the menu button's list is ui/MenuPopup.tsx): next to its anchor at `placement`, flipped to the other side when there is
 * no room, shifted along and shrunk (scrolling inside) so that it never leaves the viewport,
 * as on a 390 px phone where a right-aligned menu under a left-hand button used to open at
 * x = -184 (issue #23). It follows the anchor while open (scroll, resize, layout). Answers
 * the function that stops following.
 */
export function keepInViewport(anchor: Anchor, floating: HTMLElement, placement: Placement): () => void {
  const reference =
    anchor instanceof Element
      ? anchor
      : {
          getBoundingClientRect: () => new DOMRect(anchor.x, anchor.y, 0, 0),
        };
  const update = () => {
    void computePosition(reference, floating, {
      strategy: 'fixed',
      placement,
      middleware: [
        offset(anchor instanceof Element ? 6 : 0),
        flip({ padding: EDGE_PX }),
        shift({ padding: EDGE_PX, crossAxis: true }),
        size({
          padding: EDGE_PX,
          apply({ availableHeight }) {
            floating.style.maxHeight = `${String(Math.max(96, Math.floor(availableHeight)))}px`;
          },
        }),
      ],
    }).then(({ x, y, strategy }) => {
      Object.assign(floating.style, {
        position: strategy,
        left: `${String(Math.round(x))}px`,
        top: `${String(Math.round(y))}px`,
        right: 'auto',
        bottom: 'auto',
      });
    });
  };
  return autoUpdate(reference, floating, update);
}
