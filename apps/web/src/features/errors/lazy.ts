import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The error pages that are not needed before the app boots, as chunks of their own (See:
 * [Note: Lazy screens]).
 */

export const LazyErrorPage = lazyScreen(() => import('./ErrorPage.tsx').then((m) => m.ErrorPage));

export const LazyNotFoundPage = lazyScreen(() => import('./NotFoundPage.tsx').then((m) => m.NotFoundPage));

/** The upgrade page on its in-app route, logging its event (main.tsx's needs no lazy chunk). */
export const LazyTrackedUpgradeBrowserPage = lazyScreen(() =>
  import('./TrackedUpgradeBrowserPage.tsx').then((m) => m.TrackedUpgradeBrowserPage),
);
