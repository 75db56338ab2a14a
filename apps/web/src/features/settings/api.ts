import { AccountInfo, type SetNameBody } from '@trove/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { accountKeys } from '../auth/api.ts';

/** POST /st/4/name (spec 001 §7); the answer is the updated account info and replaces the cached one. */
export function useSetNameMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNameBody) => api.app('/name', AccountInfo, { method: 'POST', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.info(), account);
    },
  });
}
