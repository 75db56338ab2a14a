import { LOCALES } from '@trove/contract';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { AREA_NAMES } from '../i18n/areas.ts';
import { loadAreaMessages, loadMessages } from '../i18n/messages.ts';

// The catalogues are chunks fetched on demand in the app (See: [Note: Locale catalogues]);
// loaded up front here, a test renders in any language without waiting for one. The areas'
// catalogues (See: [Note: Message areas]) are merged into the main ones, so a component
// rendered on its own, outside the lazy screen that brings its area, finds its messages too.
await Promise.all(
  LOCALES.map(async (locale) => {
    const [main, ...areas] = await Promise.all([
      loadMessages(locale),
      ...AREA_NAMES.map((area) => loadAreaMessages(area, locale)),
    ]);
    Object.assign(main, ...areas);
  }),
);

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * jsdom has no layout, so no IntersectionObserver or ResizeObserver. These stand-ins
 * report every observed element as on screen and 1000 px wide: what a desktop browser
 * shows for the first screenful.
 */
class VisibleIntersectionObserver {
  readonly #callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    queueMicrotask(() => {
      this.#callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
    });
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
class WideResizeObserver {
  readonly #callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    queueMicrotask(() => {
      this.#callback([{ target, contentRect: { width: 1000 } } as unknown as ResizeObserverEntry], this);
    });
  }
  unobserve() {}
  disconnect() {}
}
// jsdom defines neither; assigned unconditionally so a future jsdom cannot change the tests quietly.
globalThis.IntersectionObserver = VisibleIntersectionObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver = WideResizeObserver;
