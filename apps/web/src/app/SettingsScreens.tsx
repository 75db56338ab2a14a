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
// The data access section's home until /settings/privacy exists (issue #24).
const DataAccessPage = lazyScreen(
  () => import('../features/data-access/DataAccessPage.tsx').then((m) => m.DataAccessPage),
  { messages: 'dataAccess' },
);
const NotFoundPage = lazyScreen(() =>
  import('../features/errors/NotFoundPage.tsx').then((m) => m.NotFoundPage),
);

/**
 * The routes below /settings (spec 000 §2): the hub, connected devices, takeout (the whole
 * library as downloads) and My shared links (every link handed out, issue #23).
 */
export function SettingsScreens() {
  return (
    <Routes>
      <Route index element={<SettingsPage />} />
      <Route path="devices" element={<DevicesPage />} />
      <Route path="takeout" element={<TakeoutPage />} />
      <Route path="shared-links" element={<SharedLinksPage />} />
      <Route path="data-access" element={<DataAccessPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
