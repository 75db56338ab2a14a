import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import { createFreshLoginRedirect } from '../api/fresh-login.ts';
import { sessionRecord } from '../api/session-record.ts';
import { useBrand } from '../i18n/brand-context.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { startLogin } from '../features/auth/index.ts';
import { deviceNameOf, thisDeviceKind } from '../features/devices/index.ts';
import { clearUserQueries } from '../api/query-client.ts';
import { accountInfoFailure, accountInfoQueryOptions } from '../features/auth/api.ts';
import { dispatchLogin, useLoginState } from '../api/login-store.ts';

/**
 * Drives the login status machine (spec 001 §4): fetches account info whenever the status
 * enters FETCHING, turns any 401 into UNAUTHORIZED and any `user_disabled` into
 * USER_DISABLED, sends the user through sign-in again on any `fresh_login_required` (See:
 * [Note: Fresh login on the web]), and forgets the user's cached answers once nobody is
 * signed in. Renders nothing.
 */
export function AuthController() {
  const api = useApi();
  const intl = useIntl();
  const brand = useBrand();
  const queryClient = useQueryClient();
  const { status } = useLoginState();

  useEffect(() => {
    const freshLogin = createFreshLoginRedirect((redir) =>
      startLogin(api, {
        screen: 'signin',
        prompt: 'login',
        redir,
        locale: localeStore.getState().locale,
        deviceId: sessionRecord.getDeviceId(),
        deviceName: deviceNameOf(thisDeviceKind(), brand.deviceName, (browser, os) =>
          intl.formatMessage({ id: 'login.deviceName' }, { browser, os }),
        ),
        origin: window.location.origin,
      }),
    );
    return api.onErrorResponse((error) => {
      if (error.code === 'fresh_login_required') freshLogin();
    });
  }, [api, brand, intl]);

  useEffect(() => {
    const offUnauthorized = api.onUnauthorized(() => {
      dispatchLogin({ type: 'UNAUTHORIZED' });
    });
    const offDisabled = api.onErrorResponse((error) => {
      if (error.code === 'user_disabled') dispatchLogin({ type: 'USER_DISABLED' });
    });
    return () => {
      offUnauthorized();
      offDisabled();
    };
  }, [api]);

  useEffect(() => {
    if (status !== 'FETCHING') return;
    // staleTime 0: a cached answer from before the token changed must not count.
    queryClient.query({ ...accountInfoQueryOptions(api), staleTime: 0 }).then(
      () => {
        dispatchLogin({ type: 'ACCOUNT_INFO_SUCCEEDED' });
      },
      (error: unknown) => {
        dispatchLogin({ type: 'ACCOUNT_INFO_FAILED', reason: accountInfoFailure(error) });
      },
    );
  }, [status, api, queryClient]);

  useEffect(() => {
    if (status === 'NOT_STARTED' || status === 'UNAUTHENTICATED' || status === 'FAILED') {
      clearUserQueries(queryClient);
    }
  }, [status, queryClient]);

  return null;
}
