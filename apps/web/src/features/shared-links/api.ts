import { JobInfo, SharedLinkList, type SharedLink } from '@trove/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';
import { albumKeys } from '../albums/api.ts';
import { stopSharing } from '../shares/api.ts';

/** Query keys of the caller's links (issue #23). */
export const sharedLinkKeys = { all: ['sharedLinks'] as const };

/** GET /st/4/shares: the caller's live links, newest first, a page at a time. */
export function useSharedLinksQuery() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: sharedLinkKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.app('/shares', SharedLinkList, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    getNextPageParam: (page) => page.next,
    staleTime: STALE_TIME.short,
  });
}

/**
 * Ends one link: a share stops for everyone (DELETE /shares/{id}, spec 000 §6 "stop
 * sharing"); a shared album becomes private (POST /jobs/{id}/privacy_mode, spec 000 §4), so
 * its visitors lose access. The list, and the album's own queries, are fetched again.
 */
export function useStopLinkMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: Pick<SharedLink, 'kind' | 'id'>): Promise<void> => {
      if (link.kind === 'share') await stopSharing(api, link.id);
      else
        await api.app(`/jobs/${encodeURIComponent(link.id)}/privacy_mode`, JobInfo, {
          method: 'POST',
          body: { mode: 'private' },
        });
    },
    onSettled: async (_data, _error, link) => {
      await queryClient.invalidateQueries({ queryKey: sharedLinkKeys.all });
      if (link.kind === 'album') await queryClient.invalidateQueries({ queryKey: albumKeys.all });
    },
  });
}
