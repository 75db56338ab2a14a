import { Route, Routes } from 'react-router';
import {
  LazyAdvancedPage as AdvancedPage,
  LazyDeveloperTestPage as DeveloperTestPage,
  LazyTestFlagsPage as TestFlagsPage,
} from '../features/developer/lazy.ts';
import { LazyDevicesPage as DevicesPage } from '../features/devices/lazy.ts';
import { LazyNotFoundPage as NotFoundPage } from '../features/errors/lazy.ts';
import { LazyPrivacyPage as PrivacyPage } from '../features/privacy/lazy.ts';
import { LazySettingsPage as SettingsPage } from '../features/settings/lazy.ts';
import { LazyPaymentPage as PaymentPage, LazyStoragePage as StoragePage } from '../features/storage/lazy.ts';
import { LazySharedLinksPage as SharedLinksPage } from '../features/shared-links/lazy.ts';
import { LazyTakeoutPage as TakeoutPage } from '../features/takeout/lazy.ts';

// The settings hub and the screens it leads to route among themselves: the entry chunk
// carries one import for all of them (See: [Note: Lazy screens]); each screen is a chunk of
// its own, fetched with its messages (See: [Note: Message areas]), from its feature's lazy.ts.

/**
 * The routes below /settings (spec 000 §2): the hub, connected devices, takeout (the whole
 * library as downloads), My shared links (every link handed out, issue #23) and privacy
 * (spec 001 §2 Privacy and consent page, issue #24), storage plans and the payment card (spec
 * 001 §2, issue #25), and the developer screens: test flags,
 * _advanced and the developer test page (spec 001 §2; not linked from the hub).
 */
export function SettingsScreens() {
  return (
    <Routes>
      <Route index element={<SettingsPage />} />
      <Route path="devices" element={<DevicesPage />} />
      <Route path="takeout" element={<TakeoutPage />} />
      <Route path="shared-links" element={<SharedLinksPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="storage" element={<StoragePage />} />
      <Route path="payment" element={<PaymentPage />} />
      <Route path="testFlags" element={<TestFlagsPage />} />
      <Route path="_advanced" element={<AdvancedPage />} />
      <Route path="developerTest" element={<DeveloperTestPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
