import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The documents screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazyDocumentsPage = lazyScreen(
  () => import('./DocumentsPage.tsx').then((m) => m.DocumentsPage),
  {
    messages: 'documents',
  },
);
