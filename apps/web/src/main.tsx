import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { bootQueryOptions } from './app/BootGate.tsx';
import { missingBrowserFeatures, UPGRADE_BROWSER_PATH } from './app/browser-support.ts';
import { createQueryClient } from './api/query-client.ts';
import { UpgradeBrowserPage } from './features/errors/index.ts';
import { I18nProvider } from './i18n/I18nProvider.tsx';
import './styles/base.css';
import './styles/frame.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/timeline.css';
import './styles/toasts.css';
import './styles/viewer.css';
import './styles/uploads.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');

// spec 001 §2: a browser without what the app needs gets the upgrade page, without booting.
const missing = missingBrowserFeatures(globalThis);
if (missing.length > 0) {
  console.warn('unsupported browser, missing:', missing.join(', '));
  if (window.location.pathname !== UPGRADE_BROWSER_PATH)
    window.history.replaceState(null, '', UPGRADE_BROWSER_PATH);
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <I18nProvider>
          <main className="standalone">
            <UpgradeBrowserPage />
          </main>
        </I18nProvider>
      </Suspense>
    </StrictMode>,
  );
} else {
  const queryClient = createQueryClient();
  // A failure shows through BootGate's own query of the same key.
  queryClient.query(bootQueryOptions()).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
