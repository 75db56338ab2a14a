import { JobInfo } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { timelineKeys } from '../library/api.ts';

/**
 * GET /st/4/jobs/{id}/info?include_details=1 of the timeline job (spec 000 §7): its byte
 * count for the takeout stats. Under `timelineKeys.all`, so an upload refreshes it.
 */
export function useTimelineDetails(jobId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...timelineKeys.all, 'details', jobId ?? ''] as const,
    enabled: jobId !== undefined,
    queryFn: ({ signal }) =>
      api.app(`/jobs/${encodeURIComponent(jobId ?? '')}/info`, JobInfo, {
        query: { include_details: 1 },
        signal,
      }),
  });
}
