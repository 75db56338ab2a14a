import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The developer screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazyTestFlagsPage = lazyScreen(
  () => import('./TestFlagsPage.tsx').then((m) => m.TestFlagsPage),
  {
    messages: 'developer',
  },
);

export const LazyAdvancedPage = lazyScreen(() => import('./AdvancedPage.tsx').then((m) => m.AdvancedPage), {
  messages: 'developer',
});

export const LazyDeveloperTestPage = lazyScreen(
  () => import('./DeveloperTestPage.tsx').then((m) => m.DeveloperTestPage),
  { messages: 'developer' },
);
