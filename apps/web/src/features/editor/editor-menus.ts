import { useEffect, type RefObject } from 'react';

/*
 * FilerobotImageEditor opens its menus (the crop presets, a drawing's options: opacity,
 * stroke, shadow, position; the font list) at the end of the page, outside the dialog: Tab
 * never reaches them from the dialog, whose focus stays on the opener, and Escape, which
 * the library does not handle there, reached the dialog and closed the editor with the edit.
 * So while the editor is open: a menu that opens from it takes the focus (its chosen item,
 * or its first); the arrow keys and Tab go round its controls; Escape closes it (the
 * library closes a menu on a click of its backdrop) and only it; and the focus goes back to
 * the opener when it closes. A drawing's position (nine points on the picture) is offered
 * as nine bare icons: they are reached and named here.
 */

const MENU = '.SfxMenu-root, .FIE_annotation-option-popup';
const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Names of the nine positions, top left to bottom right, row by row (the library's POSITIONS). */
export type PositionLabels = readonly string[];

/** The menu `element` is in, if it is one of the editor's. */
const menuOf = (element: Element | null) => element?.closest<HTMLElement>(MENU) ?? null;

/** The library's popper around a menu holds a backdrop before it; a click on it closes the menu. */
function closeMenu(menu: HTMLElement): void {
  const popper = menu.closest('[data-popper-placement]') ?? menu.parentElement;
  const backdrop = popper?.previousElementSibling;
  if (backdrop instanceof HTMLElement) backdrop.click();
}

/** The nine points of a drawing's position: reached (a button each) and named. */
function reachPositions(menu: HTMLElement, labels: PositionLabels): void {
  for (const grid of menu.querySelectorAll('div')) {
    const cells = [...grid.children].filter((cell): cell is HTMLElement => cell.matches('div:has(> svg)'));
    if (cells.length !== labels.length) continue;
    cells.forEach((cell, index) => {
      if (cell.hasAttribute('data-keyboard-reach')) return;
      // keyboard-reach.ts's Enter and Space click it, as they do its other reached controls.
      cell.setAttribute('data-keyboard-reach', '');
      cell.setAttribute('role', 'button');
      cell.setAttribute('aria-label', labels[index] ?? '');
      cell.tabIndex = 0;
    });
  }
}

/** See the comment at the top of this file. */
export function useEditorMenus(ref: RefObject<HTMLElement | null>, positions: PositionLabels): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let open: { menu: HTMLElement; opener: HTMLElement | null } | null = null;
    const controlsOf = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)];

    const update = () => {
      const menu = [...document.querySelectorAll<HTMLElement>(MENU)].find(
        (candidate) => !root.contains(candidate),
      );
      if (menu) reachPositions(menu, positions);
      if (open && !open.menu.isConnected) {
        const { opener } = open;
        open = null;
        if (!menuOf(document.activeElement) && !root.contains(document.activeElement)) opener?.focus();
      }
      // A menu opened from the dialog takes the focus.
      if (menu && open?.menu !== menu && root.contains(document.activeElement)) {
        const controls = controlsOf(menu);
        const first =
          controls.find((control) => control.getAttribute('aria-pressed') === 'true') ?? controls[0];
        if (!first) return;
        open = {
          menu,
          opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
        };
        first.focus();
      }
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });

    // Capturing: before the dialog's own Escape (useFocusTrap) and the library's handlers.
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Escape closes an open menu wherever the focus is (one without controls leaves it
      // on its opener), and nothing else.
      const openMenu = [...document.querySelectorAll<HTMLElement>(MENU)].find((menu) => !root.contains(menu));
      if (event.key === 'Escape' && openMenu) {
        event.preventDefault();
        event.stopPropagation();
        closeMenu(openMenu);
        return;
      }
      const menu = menuOf(target);
      if (!menu || root.contains(menu)) return;
      const controls = controlsOf(menu);
      const at = target ? controls.indexOf(target) : -1;
      const go = (step: number) => {
        event.preventDefault();
        controls[(at + step + controls.length) % controls.length]?.focus();
      };
      if (event.key === 'Tab') go(event.shiftKey ? -1 : 1);
      // A field of the menu keeps its own arrows (a slider, a number).
      else if (target instanceof HTMLInputElement) return;
      else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [ref, positions]);
}
