import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The settings screens as chunks of their own, fetched when first shown, with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]). Render them inside a ScreenBoundary.
 */

export const LazySettingsPage = lazyScreen(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage), {
  messages: 'settings',
});
