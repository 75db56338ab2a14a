import { Route, Routes } from 'react-router';
import { lazyScreen } from '../ui/lazy-screen.ts';

// The settings hub and the screens it leads to route among themselves: the entry chunk
// carries one import for all of them (See: [Note: Lazy screens]); each screen is a chunk of
// its own, fetched with its messages (See: [Note: Message areas]).
const SettingsPage = lazyScreen(
  () => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage),
  { messages: 'settings' },
);
const DevicesPage = lazyScreen(
  () => import('../features/devices/DevicesPage.tsx').then((m) => m.DevicesPage),
  { messages: 'settings' },
);
const TakeoutPage = lazyScreen(
  () => import('../features/takeout/TakeoutPage.tsx').then((m) => m.TakeoutPage),
  { messages: 'takeout' },
);
const SharedLinksPage = lazyScreen(
  () => import('../features/shared-links/SharedLinksPage.tsx').then((m) => m.SharedLinksPage),
  { messages: 'sharedLinks' },
);
const PrivacyPage = lazyScreen(
  () => import('../features/account-deletion/PrivacyPage.tsx').then((m) => m.PrivacyPage),
  { messages: 'accountDeletion' },
);
const NotFoundPage = lazyScreen(() =>
  import('../features/errors/NotFoundPage.tsx').then((m) => m.NotFoundPage),
);

/**
 * The routes below /settings (spec 000 §2): the hub, connected devices, takeout (the whole
 * library as downloads), My shared links (every link handed out, issue #23) and privacy
 * (so far account deletion, issue #24).
 */
export function SettingsScreens() {
  return (
    <Routes>
      <Route index element={<SettingsPage />} />
      <Route path="devices" element={<DevicesPage />} />
      <Route path="takeout" element={<TakeoutPage />} />
      <Route path="shared-links" element={<SharedLinksPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
