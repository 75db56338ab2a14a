import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The takeout screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazyTakeoutPage = lazyScreen(() => import('./TakeoutPage.tsx').then((m) => m.TakeoutPage), {
  messages: 'takeout',
});
