import { DEFAULT_BRANDS, type Brand, type Locale } from '@trove/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiProvider } from '../api/api-context.tsx';
import { resolveDirectory } from '../api/boot.ts';
import { createHttpClient } from '../api/http-client.ts';
import { onlineStore, setOnline } from '../api/online-store.ts';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { AuthController } from '../app/AuthController.tsx';
import { resetLoginState } from '../api/login-store.ts';
import type { LoginState } from '../api/login-model.ts';
import { BrandContext } from '../i18n/brand-context.tsx';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { anAccount, TIMELINE_JOB } from './factories.ts';
import { ToastProvider } from '../ui/toasts.tsx';
import { fakeFetch, type FakeRoutes } from './fake-fetch.ts';

/** The device id the fake session reports. */
export const TEST_DEVICE_ID = '6f1c7a52-3d2e-4c55-9a0e-2f4d8b6c1e90';

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  route?: string;
  /** Server answers; account info and an empty timeline are answered unless given. */
  routes?: FakeRoutes;
  login?: LoginState;
  locale?: Locale;
  brand?: Brand;
  /** Rendered in place of the app's routes, with every provider: a component on its own. */
  element?: ReactNode;
  /** The stored session token; null: none (a visitor). */
  token?: string | null;
  /** Queries' staleTime; 0 unless a test needs the app's own (STALE_TIME.short). */
  staleTime?: number;
}

/**
 * Renders the app's routes at `route` with every provider, against a fake server: the way a
 * user meets a screen. Returns the requests the fake saw and a user-event session.
 */
export function renderApp({
  route = '/',
  routes = {},
  login = { status: 'AUTHENTICATED', notice: null },
  locale = 'en_US',
  brand = DEFAULT_BRANDS.intl,
  element,
  token = 'tok-test',
  staleTime = 0,
}: RenderAppOptions = {}) {
  resetLoginState(login);
  localeStore.setState({ locale });
  onlineStore.setState({ isOnline: true });
  if (token === null) localStorage.removeItem('trove.auth_token');
  else localStorage.setItem('trove.auth_token', token);
  const { fetch, requests } = fakeFetch({
    'GET /st/4/account_info': { body: anAccount() },
    // An empty timeline unless a test says otherwise.
    'GET /st/4/jobs/default': { body: TIMELINE_JOB },
    'GET /st/4/jobs/job-timeline/timeline/months': { body: { months: [] } },
    // The modal queue's cards (issue #24) never arrive unless a test says otherwise: their
    // answer would count as the server reached, and no screen's test is about them.
    'GET /st/4/v2/full_screen_cards': {
      body: { backend_controlled_cards: [] },
      after: new Promise(() => undefined),
    },
    ...routes,
  });
  const client = createHttpClient({
    directory: resolveDirectory(
      { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
      'http://localhost:3000',
    ),
    session: {
      findToken: () => localStorage.getItem('trove.auth_token') ?? undefined,
      getDeviceId: () => TEST_DEVICE_ID,
    },
    fetch,
    onOnlineChange: setOnline,
    logger: { warn: () => undefined },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <BrandContext value={brand}>
            <ApiProvider client={client}>
              <MemoryRouter initialEntries={[route]}>
                <AuthController />
                {element ?? <AppRoutes />}
              </MemoryRouter>
            </ApiProvider>
          </BrandContext>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, requests, queryClient, user };
}
