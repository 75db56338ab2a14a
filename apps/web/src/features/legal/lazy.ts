import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The legal screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazyLegalPage = lazyScreen(() => import('./LegalPage.tsx').then((m) => m.LegalPage), {
  messages: 'legal',
});
