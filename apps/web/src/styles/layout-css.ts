import { LAYOUT, TOOLTIP } from '@trove/contract';
import { MEDIA } from '../ui/layout.ts';

/*
 * [Note: Layout in the stylesheets] CSS cannot import the contract, and a media query cannot
 * read a custom property, so the build writes the layout of spec 000 §2, §9 into the
 * stylesheets (apps/web/vite.config.ts, plugin trove:layout-css): `@media (--phone)` and the
 * other names of ui/layout.ts MEDIA become their queries, and base.css gets the sizes as
 * custom properties (`var(--modal-width)`), all from LAYOUT. layout-css.test.ts fails when a
 * stylesheet spells a breakpoint or one of these sizes out instead.
 */

/** The custom properties every stylesheet may use, from LAYOUT. */
export function layoutProperties(): string {
  const px = (value: number) => `${String(value)}px`;
  const properties: Record<string, string> = {
    '--header-height': px(LAYOUT.headerHeight),
    '--side-panel-width': px(LAYOUT.sidePanelWidth),
    '--modal-width': px(LAYOUT.modalWidth),
    '--flow-modal-width': px(LAYOUT.flowModalWidth),
    '--context-menu-width': px(LAYOUT.contextMenuWidth),
    '--overlay-min-height': px(LAYOUT.overlayMinHeight.desktop),
    '--overlay-min-height-mobile': px(LAYOUT.overlayMinHeight.mobile),
    '--grid-element': px(LAYOUT.gridElement.desktop),
    '--grid-element-mobile': px(LAYOUT.gridElement.mobile),
    '--grid-spacing': px(LAYOUT.gridElement.spacing),
    '--picker-element': px(LAYOUT.pickerElement.desktop),
    '--picker-element-mobile': px(LAYOUT.pickerElement.mobile),
    '--picker-per-row': String(LAYOUT.pickerElement.perRow),
    '--tooltip-max-width': px(TOOLTIP.maxWidth),
    '--album-picker-width': px(LAYOUT.albumPicker.width),
    '--album-picker-tile-width': px(LAYOUT.albumPicker.tile.width),
    '--album-picker-tile-height': px(LAYOUT.albumPicker.tile.height),
    '--album-picker-tile-width-mobile': px(LAYOUT.albumPicker.mobileTile.width),
    '--album-picker-tile-height-mobile': px(LAYOUT.albumPicker.mobileTile.height),
  };
  return `:root {\n${Object.entries(properties)
    .map(([name, value]) => `  ${name}: ${value};\n`)
    .join('')}}\n`;
}

/**
 * Writes the named media queries of `css` out (`@media (--phone)` → `@media (max-width:
 * 599px)`); throws on a name ui/layout.ts does not know, so a typo fails the build.
 */
export function expandCustomMedia(css: string, where: string): string {
  // Only in a query's prelude: `var(--modal-width)` elsewhere looks the same.
  return css.replace(/@media[^{;]*/g, (prelude) =>
    prelude.replace(/\(--([a-z-]+)\)/g, (whole, name: string) => {
      const query = (MEDIA as Record<string, string>)[name];
      if (query === undefined) throw new Error(`${where}: unknown custom media ${whole}`);
      return query;
    }),
  );
}
