import { lazyScreen } from '../../ui/lazy-screen.ts';

/*
 * The privacy screens (issue #24, spec 001 §2) as chunks of their own with their message
 * area (See: [Note: Lazy screens], [Note: Message areas]).
 */

/** /settings/privacy and /_from_inside_app/settings/privacy. */
export const LazyPrivacyPage = lazyScreen(() => import('./PrivacyPage.tsx').then((m) => m.PrivacyPage), {
  messages: 'privacy',
});

/** /settings/unsubscribe?id=… (outside the page frame: no footer). */
export const LazyUnsubscribePage = lazyScreen(
  () => import('./UnsubscribePage.tsx').then((m) => m.UnsubscribePage),
  { messages: 'privacy' },
);

/** /emailSettings. */
export const LazyEmailSettingsPage = lazyScreen(
  () => import('./EmailSettingsPage.tsx').then((m) => m.EmailSettingsPage),
  { messages: 'privacy' },
);
