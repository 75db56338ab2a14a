import { LAYOUT } from '@trove/contract';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA, isPhoneWidth, pickerElementSize } from '../ui/layout.ts';
import { expandCustomMedia, layoutProperties } from './layout-css.ts';

const SRC = path.resolve(import.meta.dirname, '..');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the layout of spec 000 §2, §9 in the stylesheets', () => {
  it('writes the named queries from LAYOUT, and only in a media prelude', () => {
    const css = '@media (--phone) { .a { width: var(--modal-width); } }\n@media (--tv) and (hover: hover) {}';
    expect(expandCustomMedia(css, 'x.css')).toBe(
      '@media (max-width: 599px) { .a { width: var(--modal-width); } }\n@media (min-width: 1400px) and (hover: hover) {}',
    );
  });

  it('fails the build on a name it does not know', () => {
    expect(() => expandCustomMedia('@media (--phnoe) {}', 'x.css')).toThrow(/x\.css: unknown custom media/);
  });

  it('gives base.css the sizes as custom properties', () => {
    const tokens = layoutProperties();
    expect(tokens).toContain('--modal-width: 512px;');
    expect(tokens).toContain('--flow-modal-width: 640px;');
    expect(tokens).toContain('--overlay-min-height: 425px;');
    expect(tokens).toContain('--overlay-min-height-mobile: 350px;');
    expect(tokens).toContain('--side-panel-width: 360px;');
    expect(tokens).toContain('--header-height: 56px;');
    expect(tokens).toContain('--grid-element: 180px;');
    expect(tokens).toContain('--context-menu-width: 200px;');
  });

  it('no stylesheet spells a breakpoint or a layout size out (LAYOUT is the one place)', () => {
    const spelled: string[] = [];
    const { breakpoints } = LAYOUT;
    const widths = Object.values(breakpoints).flatMap((value) => [value, value - 1]);
    for (const file of stylesheets(SRC)) {
      const css = fs.readFileSync(file, 'utf8');
      for (const match of css.matchAll(/@media[^{]*/g)) {
        if (widths.some((width) => match[0].includes(`${String(width)}px`))) {
          spelled.push(`${path.relative(SRC, file)}: ${match[0].trim()}`);
        }
      }
      for (const match of css.matchAll(
        /^\s*(width|min-height|max-width|--[a-z-]+):\s*(512|640|350|425)px;/gm,
      )) {
        spelled.push(`${path.relative(SRC, file)}: ${match[0].trim()}`);
      }
    }
    expect(spelled).toEqual([]);
  });

  it('names every custom media a stylesheet uses', () => {
    const unknown: string[] = [];
    for (const file of stylesheets(SRC)) {
      const css = fs.readFileSync(file, 'utf8');
      try {
        expandCustomMedia(css, path.relative(SRC, file));
      } catch (error) {
        unknown.push(String(error));
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('the layout for scripts', () => {
  it('has a phone under 600 px', () => {
    expect(MEDIA.phone).toBe('(max-width: 599px)');
    expect(isPhoneWidth(599)).toBe(true);
    expect(isPhoneWidth(600)).toBe(false);
  });

  it('sizes picker grid elements by count and width (spec 000 §9)', () => {
    expect(pickerElementSize(1, true)).toBe(296);
    expect(pickerElementSize(1, false)).toBe(296);
    expect(pickerElementSize(2, true)).toBe(128);
    expect(pickerElementSize(3, false)).toBe(128);
    expect(pickerElementSize(3, true)).toBe(88);
    expect(LAYOUT.pickerElement.perRow).toBe(5);
  });
});
