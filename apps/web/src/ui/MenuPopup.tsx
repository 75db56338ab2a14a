import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Icon } from './icons.tsx';
import type { MenuItem } from './menu-item.ts';
import { moveMenuFocus } from './menu-keys.ts';
import { useInViewport } from './use-in-viewport.ts';

/** Props of {@link MenuPopup}. */
export interface MenuPopupProps {
  id: string;
  label: string;
  header?: ReactNode;
  items: readonly MenuItem[];
  /** The menu button it hangs from. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Closes the menu; `restoreFocus` hands focus back to the button. */
  onClose: (restoreFocus: boolean) => void;
}

/**
 * The open list of a {@link Menu}, its own chunk (loaded on the first open, with the
 * positioning library): it focuses its first entry, moves with the arrow keys, Home and End,
 * closes on Escape (without reaching the page's own Escape, e.g. clearing a selection) and
 * Tab, and stays inside the viewport (See: [Note: Floating in the viewport]).
 */
export function MenuPopup({ id, label, header, items, buttonRef, onClose }: MenuPopupProps) {
  const popupRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  useInViewport(popupRef, true, () => buttonRef.current, 'bottom-end');
  useEffect(() => {
    itemRefs.current[0]?.focus();
  }, []);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (moveMenuFocus(event, itemRefs.current)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <div
      ref={popupRef}
      className="menu__popup"
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={handleKeyDown}
    >
      {header !== undefined && <div className="menu__header">{header}</div>}
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            itemRefs.current[index] = element;
          }}
          type="button"
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          aria-disabled={item.isDisabled === true ? true : undefined}
          className={item.isDanger ? 'menu__item menu__item--danger' : 'menu__item'}
          tabIndex={-1}
          onClick={() => {
            if (item.isDisabled === true) return;
            onClose(true);
            item.onSelect();
          }}
        >
          {item.icon}
          <span className="menu__item-label">{item.label}</span>
          {item.checked !== undefined && (
            <span
              className={item.checked ? 'menu__switch menu__switch--on' : 'menu__switch'}
              aria-hidden="true"
            >
              {item.checked && <Icon name="check" size={18} />}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
