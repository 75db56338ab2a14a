import { DataAccessAvailability, PreparedDataExport } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';

/** Query keys of data access (spec 001 §7). */
export const dataAccessKeys = {
  all: ['dataAccess'] as const,
  availability: () => [...dataAccessKeys.all, 'availability'] as const,
};

/** How often the availability is asked again while another tab or device prepares an export. */
const PREPARING_POLL_MS = 3000;
/** The longest delay setTimeout keeps (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** GET /st/4/data_protection/request_data_access_availability (spec 001 §7). */
export function useDataAccessAvailability() {
  const api = useApi();
  return useQuery({
    queryKey: dataAccessKeys.availability(),
    queryFn: ({ signal }) =>
      api.app('/data_protection/request_data_access_availability', DataAccessAvailability, { signal }),
    // The cooldown ends at a time, not on a change: ask again whenever the page is shown.
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.preparing === true) return PREPARING_POLL_MS;
      // A page left open asks again when the cooldown ends (timers hold at most ~24 days).
      const wait = (data?.next_available_at ?? 0) - Date.now();
      return wait > 0 ? Math.min(wait + 1000, MAX_TIMER_MS) : false;
    },
  });
}

/**
 * POST /st/4/data_protection/request_data_access: the export frozen (or the current one again)
 * and its signed URL; the availability is asked again afterwards, whatever the answer.
 */
export function useRequestDataExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.app('/data_protection/request_data_access', PreparedDataExport, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataAccessKeys.all }),
  });
}
