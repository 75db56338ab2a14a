import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons.tsx';

/** One entry of a {@link Menu}: an action, or a switch when `checked` is set. */
export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** A switch (menuitemcheckbox) and its state. */
  checked?: boolean;
  /** Stays focusable (and announced as unavailable) but does nothing. */
  isDisabled?: boolean;
  isDanger?: boolean;
}

/** Props of {@link Menu}. */
export interface MenuProps {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** Content of that button (an avatar, an icon). */
  trigger: ReactNode;
  /** Shown at the top of the open menu, e.g. who is signed in. */
  header?: ReactNode;
  items: readonly MenuItem[];
}

/**
 * A menu button (WAI-ARIA menu pattern): opens on click, Enter or Space and focuses the
 * first entry; arrow keys, Home and End move between entries; Escape closes it and returns
 * focus to the button (without reaching the page's own Escape, e.g. clearing a selection);
 * Tab or a click outside close it. Entries may be switches or disabled.
 */
export function Menu({ label, trigger, header, items }: MenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    itemRefs.current[0]?.focus();
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [isOpen]);

  const close = (restoreFocus: boolean) => {
    setIsOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent) => {
    const buttons = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = buttons.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      const target = ((moves[event.key] ?? 0) + buttons.length) % buttons.length;
      buttons[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button menu__trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => {
          setIsOpen((open) => !open);
        }}
      >
        {trigger}
      </button>
      {isOpen && (
        <div className="menu__popup" id={menuId} role="menu" aria-label={label} onKeyDown={handleMenuKeyDown}>
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
                close(true);
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
      )}
    </div>
  );
}
