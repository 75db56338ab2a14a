import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ServerOutOfSpaceToast } from '../features/errors/index.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { AuthController } from './AuthController.tsx';
import { BootGate } from './BootGate.tsx';
import { CrashReporting } from './CrashReporting.tsx';

/**
 * The whole client: query cache, language, boot configuration, crash fallback and its report,
 * login machine and routes.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Blank while the language's messages load: there are no words to show yet. */}
      <Suspense fallback={null}>
        <I18nProvider>
          <ToastProvider>
            <ServerOutOfSpaceToast />
            <BootGate>
              <CrashReporting>
                <BrowserRouter>
                  <AuthController />
                  <AppRoutes />
                </BrowserRouter>
              </CrashReporting>
            </BootGate>
          </ToastProvider>
        </I18nProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
