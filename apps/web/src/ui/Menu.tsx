import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lazyScreen } from './lazy-screen.ts';
import type { MenuItem } from './menu-item.ts';

export type { MenuItem } from './menu-item.ts';

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

// The open list and the positioning library load on the first open: the top bar's user
// menu is on the first load of /photos, its list is not (issue #10 budget).
const MenuPopup = lazyScreen(() => import('./MenuPopup.tsx').then((module) => module.MenuPopup));

/**
 * A menu button (WAI-ARIA menu pattern): opens on click, Enter or Space and focuses the
 * first entry; arrow keys, Home and End move between entries; Escape closes it and returns
 * focus to the button; Tab or a click outside close it (keys in ui/MenuPopup.tsx). Entries
 * may be switches or disabled. The open menu stays inside the viewport (See: [Note:
 * Floating in the viewport]).
 */
export function Menu({ label, trigger, header, items }: MenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [isOpen]);

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
        <Suspense fallback={null}>
          <MenuPopup
            id={menuId}
            label={label}
            header={header}
            items={items}
            buttonRef={buttonRef}
            onClose={(restoreFocus) => {
              setIsOpen(false);
              if (restoreFocus) buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
