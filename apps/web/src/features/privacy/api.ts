import { ConsentValues, EmailConsentResponse, type ConsentKey, type ConsentValue } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { accountKeys } from '../auth/api.ts';

export const privacyKeys = {
  consents: () => ['privacy', 'consents'] as const,
};

/** GET /st/4/data_protection/consent_values (spec 001 §7): every key with its value. */
export function useConsentsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: privacyKeys.consents(),
    queryFn: ({ signal }) => api.app('/data_protection/consent_values', ConsentValues, { signal }),
  });
}

/**
 * POST /st/4/data_protection/consent_values, one key: shown at once (optimistic), put back
 * when the server refuses. The answer holds every consent and replaces the cached ones; the
 * account info is read again, as its permitted_services follows help_us_improve (spec 001 §3).
 */
export function useSetConsentMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentValue) =>
      api.app('/data_protection/consent_values', ConsentValues, { method: 'POST', body }),
    onMutate: async ({ key, value }: { key: ConsentKey; value: boolean }) => {
      await queryClient.cancelQueries({ queryKey: privacyKeys.consents() });
      const before = queryClient.getQueryData<ConsentValues>(privacyKeys.consents());
      if (before) {
        queryClient.setQueryData<ConsentValues>(privacyKeys.consents(), {
          consents: before.consents.map((c) => (c.key === key ? { key, value } : c)),
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(privacyKeys.consents(), context.before);
    },
    onSuccess: (answer, { key }) => {
      queryClient.setQueryData(privacyKeys.consents(), answer);
      if (key === 'help_us_improve') void queryClient.invalidateQueries({ queryKey: accountKeys.info() });
    },
  });
}

/** POST /user/email_consent: the unsubscribe page's Stay or Unsubscribe (spec 001 §4). */
export function useSetEmailConsentMutation(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (emailConsent: boolean) =>
      api.origin('/user/email_consent', EmailConsentResponse, {
        method: 'POST',
        body: { email_consent_identifier: id, email_consent: emailConsent },
      }),
  });
}
