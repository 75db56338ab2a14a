import { DevicesResponse, OkResponse } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query keys of connected devices (spec 001 §3). */
export const deviceKeys = {
  all: ['devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
};

/** GET /st/4/devices: this device and every device of the account. */
export function useDevicesQuery() {
  const api = useApi();
  return useQuery({
    queryKey: deviceKeys.list(),
    queryFn: ({ signal }) => api.app('/devices', DevicesResponse, { signal }),
    staleTime: STALE_TIME.short,
  });
}

/** DELETE /st/4/devices/{id}: signs that device out; the list is fetched again afterwards. */
export function useRemoveDeviceMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      api.app(`/devices/${encodeURIComponent(deviceId)}`, OkResponse, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
