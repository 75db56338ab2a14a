import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The My shared links screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazySharedLinksPage = lazyScreen(
  () => import('./SharedLinksPage.tsx').then((m) => m.SharedLinksPage),
  {
    messages: 'sharedLinks',
  },
);
