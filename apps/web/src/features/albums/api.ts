import { JobList } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query keys of albums (jobs of type story, spec 000 §3). */
export const albumKeys = {
  all: ['albums'] as const,
  list: () => [...albumKeys.all, 'list'] as const,
};

/** GET /st/4/jobs?stories=1: the caller's albums. */
export function useAlbumsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: albumKeys.list(),
    queryFn: ({ signal }) => api.app('/jobs', JobList, { query: { stories: 1 }, signal }),
    staleTime: STALE_TIME.short,
    select: (list) => list.jobs,
  });
}
