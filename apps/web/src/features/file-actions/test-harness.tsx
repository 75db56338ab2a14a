import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { AccountInfo } from '@trove/contract';
import { ApiProvider } from '../../api/api-context.tsx';
import { accountKeys } from '../auth/api.ts';
import { resetLoginState } from '../../api/login-store.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { localeStore } from '../../i18n/locale-store.ts';
import { fakeApi } from '../../test/fake-api.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { ToastProvider } from '../../ui/toasts.tsx';

/**
 * Test support (used by this folder's tests only): renders `ui` with the providers file
 * actions need, English texts, the toast queue and an HTTP client over a fake server.
 */
export function renderWithApi(
  ui: ReactElement,
  routes: FakeRoutes = {},
  /** When given, no answer arrives before it resolves: to see what shows while calls run. */
  gate?: Promise<void>,
  /** Signs this account in, its info already fetched (the registry asks who the caller is). */
  account?: AccountInfo,
) {
  localeStore.setState({ locale: 'en_US' });
  if (account) resetLoginState({ status: 'AUTHENTICATED', notice: null });
  const { api: client, requests } = fakeApi(routes, {
    ...(gate && {
      wrap: (fetch) => async (input, init) => {
        await gate;
        return fetch(input, init);
      },
    }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (account) queryClient.setQueryData(accountKeys.info(), account);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ApiProvider client={client}>
          <ToastProvider>{ui}</ToastProvider>
        </ApiProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, requests, queryClient, user };
}
