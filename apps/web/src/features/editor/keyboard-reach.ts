import { useEffect, type RefObject } from 'react';

/**
 * FilerobotImageEditor's tabs, tools, filters, crop presets and galleries are `div`s that
 * only take clicks: Tab never reaches them and a keyboard user could not pick a tool. These
 * are made reachable (in the Tab order, a button to assistive technology, named by their
 * visible text) and Enter or Space clicks them, as they appear.
 */
const CLICK_ONLY = [
  '.FIE_tab',
  '[class*="-tool-button"]',
  '.FIE_filters-item',
  '.FIE_crop-presets-opener-button',
  // Items of the menus it opens at the end of the page (the crop presets, the fonts).
  '.SfxMenu-root .SfxMenuItem-root',
  '.FIE_image-tool-add-option',
  '.FIE_image-tool-gallery img',
  '.FIE_watermark-add',
  '.FIE_watermark-gallery img',
  '.FIE_carousel-item',
  '.FIE_annotation-option-triggerer',
  '.FIE_color-picker-triggerer',
  '.FIE_text-bold-option',
  '.FIE_text-italic-option',
  '.FIE_text-font-family-option',
].join(', ');

const NATIVE = 'button, a[href], input, select, textarea';
const REACHED = 'data-keyboard-reach';

/** Names of the editor's controls that come without one, in the current language. */
export interface UnnamedControlLabels {
  duplicate: string;
  remove: string;
  fontSize: string;
  font: string;
  bold: string;
  italic: string;
  colour: string;
  menu: string;
}

/** The controls FilerobotImageEditor draws as a bare icon, and the label each gets. */
const ICON_CONTROLS: readonly [string, keyof UnnamedControlLabels][] = [
  ['input[name="fontSize"]', 'fontSize'],
  ['.FIE_text-font-family-option', 'font'],
  ['.FIE_text-bold-option', 'bold'],
  ['.FIE_text-italic-option', 'italic'],
  ['.FIE_color-picker-triggerer', 'colour'],
  ['.FIE_topbar-tabs-navbar-toggle_btn', 'menu'],
];

/**
 * Names what FilerobotImageEditor leaves unnamed: the duplicate and remove buttons under a
 * selected drawing (only remove for an overlay), the text tool's fields and switches, the
 * colour picker, and the menu of tabs a phone shows.
 */
function name(root: HTMLElement, labels: UnnamedControlLabels): void {
  for (const overlay of root.querySelectorAll('.FIE_annotation-controls-overlay')) {
    const buttons = [...overlay.querySelectorAll('button')];
    const names = buttons.length === 2 ? [labels.duplicate, labels.remove] : [labels.remove];
    buttons.forEach((button, index) => {
      const label = names[index];
      if (label !== undefined && !button.hasAttribute('aria-label')) button.setAttribute('aria-label', label);
    });
  }
  for (const [selector, key] of ICON_CONTROLS)
    for (const control of root.querySelectorAll(`${selector}:not([aria-label])`))
      control.setAttribute('aria-label', labels[key]);
}

/**
 * A reached tool, filter or preset: FilerobotImageEditor marks the chosen one
 * `aria-selected`, which a button does not take; pressed says the same of a button. Kept
 * in step as the editor changes it.
 */
function asPressed(element: HTMLElement): void {
  element.setAttribute('aria-pressed', element.getAttribute('aria-selected') ?? 'false');
  element.removeAttribute('aria-selected');
}

/**
 * A reached tab (FilerobotImageEditor marks the open one `aria-selected`): a tab of a tab list,
 * where that state belongs.
 */
function asTab(element: HTMLElement): void {
  element.setAttribute('role', 'tab');
  element.parentElement?.setAttribute('role', 'tablist');
  element.parentElement?.setAttribute('aria-orientation', 'vertical');
}

function reach(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${REACHED}][aria-selected]:not(.FIE_tab)`))
    asPressed(element);
  for (const element of root.querySelectorAll<HTMLElement>(CLICK_ONLY)) {
    if (element.hasAttribute(REACHED) || element.matches(NATIVE)) continue;
    // One that holds its own button (a tool with its own control) is reached through it, and
    // a wrapper of several (a filter strip) through each of them: no control in a control.
    if (element.closest(NATIVE) || element.querySelector(`${NATIVE}, ${CLICK_ONLY}`)) continue;
    element.setAttribute(REACHED, '');
    element.tabIndex = 0;
    if (element.matches('.FIE_tab')) asTab(element);
    else {
      if (!element.hasAttribute('role')) element.setAttribute('role', 'button');
      if (element.hasAttribute('aria-selected')) asPressed(element);
    }
    // A button is named by its text; a picture by what it shows.
    const name = element.getAttribute('alt') ?? element.title;
    if (element.textContent.trim() === '' && name) element.setAttribute('aria-label', name);
  }
}

/**
 * Keeps the editor's click-only controls reachable and operable by keyboard while `ref` is
 * on screen: within it, and in the menus it opens at the end of the page (See: editor-menus.ts).
 */
export function useKeyboardReach(ref: RefObject<HTMLElement | null>, labels: UnnamedControlLabels): void {
  const { duplicate, remove, fontSize, font, bold, italic, colour, menu } = labels;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      reach(root);
      name(root, { duplicate, remove, fontSize, font, bold, italic, colour, menu });
      for (const menu of document.querySelectorAll<HTMLElement>('.SfxMenu-root')) reach(menu);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
    });
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || !target.hasAttribute(REACHED)) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      target.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, duplicate, remove, fontSize, font, bold, italic, colour, menu]);
}
