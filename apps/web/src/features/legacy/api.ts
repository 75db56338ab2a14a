import { DigitalLegacyResponse, type DigitalLegacyBody } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';

/** Query keys of the digital legacy (spec 001 §7). */
export const legacyKeys = {
  all: ['legacy'] as const,
};

/** GET /st/4/digital_legacy: the stored choice, null before the first. */
export function useLegacyQuery() {
  const api = useApi();
  return useQuery({
    queryKey: legacyKeys.all,
    queryFn: ({ signal }) => api.app('/digital_legacy', DigitalLegacyResponse, { signal }),
    // A 403 fresh_login_required leaves the page (api/fresh-login.ts): asking again is useless.
    retry: false,
  });
}

/** POST /st/4/digital_legacy (spec 001 §7: choice, language, optional contact list). */
export function useSaveLegacy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigitalLegacyBody) =>
      api.app('/digital_legacy', DigitalLegacyResponse, { method: 'POST', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(legacyKeys.all, data);
    },
  });
}
