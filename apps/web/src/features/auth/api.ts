import { AccountInfo, OkResponse } from '@trove/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { isApiError, isNetworkError } from '../../api/http-error.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { localeStore } from '../../i18n/locale-store.ts';
import { dispatchLogin, useLoginState } from '../../api/login-store.ts';
import type { AccountInfoFailure } from '../../api/login-model.ts';

/** Query keys of the account (spec 001 §3). */
export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
};

/** GET /st/4/account_info (spec 001 §7), asking for texts in the UI language. */
export function accountInfoQueryOptions(api: HttpClient) {
  return queryOptions({
    queryKey: accountKeys.info(),
    queryFn: ({ signal }) =>
      api.app('/account_info', AccountInfo, { query: { app_lang: localeStore.getState().locale }, signal }),
    staleTime: STALE_TIME.medium,
  });
}

/** Account info of the signed-in user; idle while nobody is signed in. */
export function useAccountInfoQuery() {
  const api = useApi();
  const { status } = useLoginState();
  return useQuery({ ...accountInfoQueryOptions(api), enabled: status === 'AUTHENTICATED' });
}

/** Classifies a failed account-info fetch for the login status machine. */
export function accountInfoFailure(error: unknown): AccountInfoFailure {
  if (isApiError(error, 'unauthorized')) return 'unauthorized';
  if (isApiError(error, 'user_disabled')) return 'user_disabled';
  if (isNetworkError(error)) return 'offline';
  return 'error';
}

/**
 * POST /st/4/logout (spec 001 §7): revokes this token. Whether or not the call succeeds, the
 * local session is removed afterwards and the login page shown.
 */
export function useLogoutMutation() {
  const api = useApi();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.app('/logout', OkResponse, { method: 'POST' }),
    // Navigating in the same tick as the status change, so the guard of the screen being left
    // does not redirect to /login?redir=… first. The caller may be unmounted by now (side
    // menu), which is why this lives in the mutation rather than in mutate()'s callbacks.
    onSettled: () => {
      void navigate('/login', { replace: true });
      dispatchLogin({ type: 'LOGGED_OUT' });
    },
  });
}
