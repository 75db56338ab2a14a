import { BREAKPOINTS, LAYOUT, MOBILE_BREAKPOINT } from '@trove/contract';

/*
 * The layout of spec 000 §2 and §9 as the client uses it, derived from the contract's LAYOUT
 * (See: [Note: Layout constants] in packages/contract/src/constants.ts): the media queries
 * of the breakpoints, for scripts (matchMedia) and for the stylesheets (apps/web/vite.config.ts
 * writes them into `@media (--phone)` and the like through styles/layout-css.ts).
 */

const breakpoints = BREAKPOINTS;

/** The custom media queries the stylesheets may name, `@media (--phone)`, and what each means. */
export const MEDIA = {
  /** A phone: under the mobile breakpoint (600 px). */
  phone: `(max-width: ${String(breakpoints.mobile - 1)}px)`,
  /** Under the tablet breakpoint (900 px): the side menu is an overlay. */
  'below-tablet': `(max-width: ${String(breakpoints.tablet - 1)}px)`,
  /** From the tablet breakpoint (900 px) up. */
  'tablet-up': `(min-width: ${String(breakpoints.tablet)}px)`,
  /** From the desktop breakpoint (1200 px) up. */
  'desktop-up': `(min-width: ${String(breakpoints.desktop)}px)`,
  /** From the TV breakpoint (1400 px) up. */
  tv: `(min-width: ${String(breakpoints.tv)}px)`,
} as const;

/** Whether a viewport `width` px wide is a phone's (spec 000 §2: under 600 px). */
export function isPhoneWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

/**
 * The size of one element of a picker grid for `count` photos (spec 000 §9): 296 px when
 * there is one, 128 for two or on a desktop, 88 on a phone; the row holds at most 5.
 */
export function pickerElementSize(count: number, isPhone: boolean): number {
  const { pickerElement } = LAYOUT;
  if (count <= 1) return pickerElement.one;
  if (count === 2) return pickerElement.two;
  return isPhone ? pickerElement.mobile : pickerElement.desktop;
}
