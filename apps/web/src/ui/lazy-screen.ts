import { lazy, type ComponentType } from 'react';

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

/**
 * A component loaded by `load` on first render (React.lazy), whose failure to load is a
 * {@link ChunkLoadError}. `load` picks the named export: the screens export no defaults.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: props vary per screen
export function lazyScreen<P extends ComponentType<any>>(load: () => Promise<P>): P {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        throw new ChunkLoadError('a screen could not be loaded', { cause: error });
      },
    ),
  ) as unknown as P;
}
