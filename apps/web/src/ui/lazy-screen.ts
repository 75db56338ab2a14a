import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';
import type { Area } from '../i18n/areas.ts';
import { AreaMessages } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { loadAreaMessages } from '../i18n/messages.ts';

/**
 * [Note: Lazy screens] Each screen other than the timeline is its own chunk, fetched when
 * the route is first shown, so a cold load of /photos carries only what it draws (issue #10,
 * budget in bench/budgets.json). A chunk that fails to load (most often: the server was
 * updated and the old hashed file is gone) rejects with a {@link ChunkLoadError}, which
 * {@link ScreenBoundary} turns into a page offering a reload. Navigations are React
 * transitions (BrowserRouter's default), so the old screen stays on view while the next
 * screen's chunk loads; the spinner only shows on a cold load, and only after a delay.
 */

/** A screen's code could not be fetched; reloading the page gets the current build. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Options of {@link lazyScreen}. */
export interface LazyScreenOptions {
  /**
   * The area whose messages the component shows (See: [Note: Message areas]): its catalogue
   * in the current language is fetched together with the component's chunk, not after it,
   * and the component renders inside {@link AreaMessages}.
   */
  messages?: Area;
}

/**
 * A component loaded by `load` on first render (React.lazy), whose failure to load is a
 * {@link ChunkLoadError}. `load` picks the named export: the screens export no defaults.
 * Serves the lazy parts that are not screens as well (a dialog, a menu).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: props vary per screen
export function lazyScreen<P extends ComponentType<any>>(
  load: () => Promise<P>,
  options: LazyScreenOptions = {},
): P {
  const area = options.messages;
  return lazy(() =>
    Promise.all([load(), area && loadAreaMessages(area, localeStore.getState().locale)]).then(
      ([component]) => ({ default: area ? withAreaMessages(component, area) : component }),
      (error: unknown) => {
        throw new ChunkLoadError('a screen could not be loaded', { cause: error });
      },
    ),
  ) as unknown as P;
}

/** `component` rendered inside the messages of `area`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyScreen
function withAreaMessages<P extends ComponentType<any>>(component: P, area: Area): P {
  const WithAreaMessages = (props: ComponentProps<P>) =>
    createElement(AreaMessages, { area, children: createElement(component, props) });
  WithAreaMessages.displayName = `AreaMessages(${area})`;
  return WithAreaMessages as unknown as P;
}
