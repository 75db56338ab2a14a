import { LAYOUT } from '@trove/contract';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Point } from '../../ui/floating.ts';
import type { MenuItem } from '../../ui/Menu.tsx';
import { moveMenuFocus } from '../../ui/menu-keys.ts';
import { useInViewport } from '../../ui/use-in-viewport.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** spec 000 §2, §9: the file context menu is 200 px wide. */
export const CONTEXT_MENU_WIDTH_PX = LAYOUT.contextMenuWidth;
/** A point in viewport coordinates (a pointer event's clientX/clientY). */
export type { Point };

/** One entry of a {@link ContextMenu}; a disabled one stays focusable but does nothing. */
export interface ContextMenuItem extends MenuItem {
  isDisabled?: boolean;
  /** A tooltip, e.g. why the item is disabled (spec 000 §6: the subscribe tooltip). */
  hint?: string;
}

/** Why a {@link ContextMenu} asks to close; only `escape` and `tab` hand focus back. */
export type ContextMenuCloseReason = 'escape' | 'tab' | 'outside' | 'scroll';

/** Props of {@link ContextMenu}. */
export interface ContextMenuProps {
  /** Accessible name of the menu. */
  label: string;
  /** Where the pointer opened it; the menu opens there, flipped or moved to stay on screen. */
  position: Point;
  items: readonly ContextMenuItem[];
  /** Escape, Tab, a click outside, a scroll or a resize. Choosing an item does not call it. */
  onClose: (reason: ContextMenuCloseReason) => void;
}

/**
 * A menu opened at a pointer position (WAI-ARIA menu, keyboard as in ui/Menu.tsx): the first
 * item takes focus; arrows, Home and End move; Enter or Space chooses; Escape and Tab close.
 * It is portalled to the body so no transformed ancestor (the virtual grid) shifts it, and
 * kept inside the viewport (See: [Note: Floating in the viewport]).
 */
export function ContextMenu({ label, position, items, onClose }: ContextMenuProps) {
  const { x, y } = position;
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useInViewport(menuRef, true, () => ({ x, y }), 'bottom-start', `${String(x)},${String(y)}`);

  useEffect(() => {
    itemRefs.current.find((item) => item !== null)?.focus();
    const handlePointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onCloseRef.current('outside');
    };
    // A fixed menu would float away from its file when the page scrolls or resizes.
    const handleScroll = () => {
      onCloseRef.current('scroll');
    };
    document.addEventListener('pointerdown', handlePointerDown);
    window.addEventListener('scroll', handleScroll, { capture: true, passive: true });
    window.addEventListener('resize', handleScroll);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      window.removeEventListener('scroll', handleScroll, { capture: true });
      window.removeEventListener('resize', handleScroll);
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (moveMenuFocus(event, itemRefs.current)) return;
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      // The menu used this Escape: it must not also clear the selection (spec 000 §4).
      event.stopPropagation();
      onClose(event.key === 'Escape' ? 'escape' : 'tab');
    }
  };

  return createPortal(
    <div
      ref={menuRef}
      id={menuId}
      className="context-menu"
      role="menu"
      aria-label={label}
      style={{ width: CONTEXT_MENU_WIDTH_PX, left: x, top: y }}
      onKeyDown={handleKeyDown}
      onContextMenu={(event) => {
        event.preventDefault();
      }}
    >
      {items.map((item, index) => (
        <Tooltip key={item.key} text={item.hint}>
          <button
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            type="button"
            role="menuitem"
            className="menu__item"
            tabIndex={-1}
            aria-disabled={item.isDisabled === true ? true : undefined}
            onClick={() => {
              if (item.isDisabled !== true) item.onSelect();
            }}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        </Tooltip>
      ))}
    </div>,
    document.body,
  );
}
