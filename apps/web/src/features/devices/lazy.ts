import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The connected devices screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazyDevicesPage = lazyScreen(() => import('./DevicesPage.tsx').then((m) => m.DevicesPage), {
  messages: 'settings',
});
