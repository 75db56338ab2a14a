import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { HttpError } from '../../api/http-error.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { localeStore } from '../../i18n/locale-store.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { ServerOutOfSpaceToast } from './ServerOutOfSpaceToast.tsx';

function renderWith(queryClient: QueryClient) {
  localeStore.setState({ locale: 'en_US' });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <ServerOutOfSpaceToast />
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const failWith = (queryClient: QueryClient, error: HttpError) =>
  act(async () => {
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => undefined);
  });

describe('a change refused because the server’s disk is full (507, issue #10)', () => {
  test('says the server is out of space, not that the network failed', async () => {
    const queryClient = new QueryClient();
    renderWith(queryClient);
    await failWith(
      queryClient,
      new HttpError({ status: 507, code: 'insufficient_storage', message: 'The server is out of space' }),
    );
    expect(screen.getByText('The server is out of storage space. Please try again later.')).toBeTruthy();
  });

  test('other failures are left to the screen that asked', async () => {
    const queryClient = new QueryClient();
    renderWith(queryClient);
    await failWith(queryClient, new HttpError({ status: 500, code: 'internal_error', message: 'x' }));
    expect(screen.queryByText('The server is out of storage space. Please try again later.')).toBeNull();
  });
});
