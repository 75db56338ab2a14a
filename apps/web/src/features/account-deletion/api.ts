import { AccountDeletionResponse } from '@trove/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { localeStore } from '../../i18n/locale-store.ts';
import { dispatchLogin } from '../../api/login-store.ts';

/**
 * POST /st/4/data_protection/request_account_deletion (spec 001 §7), with the UI language
 * for the confirmation e-mail. The answer means every session of the account ended, this
 * one too: the app signs out here at once, and the login page says why (spec 001 §4).
 */
export function useRequestDeletionMutation() {
  const api = useApi();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      api.app('/data_protection/request_account_deletion', AccountDeletionResponse, {
        method: 'POST',
        query: { app_lang: localeStore.getState().locale },
      }),
    // As logging out does: navigate in the same tick as the status change, so the guard of
    // the screen being left does not redirect to /login?redir=… first.
    onSuccess: () => {
      void navigate('/login', { replace: true });
      dispatchLogin({ type: 'ACCOUNT_DELETION_REQUESTED' });
    },
  });
}
