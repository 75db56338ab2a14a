import { FileList, JobInfo, TimelineMonths, type RemoteFile, type TimelineMonth } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query keys of the timeline; `timelineKeys.all` invalidates everything after an upload. */
export const timelineKeys = {
  all: ['timeline'] as const,
  job: () => [...timelineKeys.all, 'job'] as const,
  months: (jobId: string) => [...timelineKeys.all, 'months', jobId] as const,
  month: (jobId: string, start: number) => [...timelineKeys.all, 'month', jobId, start] as const,
};

/** Files per request of a month section; a month is fetched page by page with the cursor. */
const PAGE_SIZE = 500;
const PENDING_POLL_MS = 2500;

/** GET /jobs/default: the caller's timeline job. */
export function useTimelineJob() {
  const api = useApi();
  return useQuery({
    queryKey: timelineKeys.job(),
    queryFn: ({ signal }) => api.app('/jobs/default', JobInfo, { signal }),
    staleTime: STALE_TIME.forever,
  });
}

/** GET /jobs/{id}/timeline/months: the counts that size the whole grid before any file loads. */
export function useTimelineMonths(jobId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: timelineKeys.months(jobId ?? ''),
    queryFn: ({ signal }) =>
      api.app(`/jobs/${encodeURIComponent(jobId ?? '')}/timeline/months`, TimelineMonths, { signal }),
    enabled: jobId !== undefined,
    select: (data) => data.months,
  });
}

/** Every file of one month, newest first (spec 000 §4 Timeline section fetch), once `enabled`. */
export function useMonthFiles(jobId: string, month: TimelineMonth, enabled: boolean) {
  const api = useApi();
  return useQuery<RemoteFile[]>({
    queryKey: timelineKeys.month(jobId, month.start),
    enabled,
    // Thumbnails of new uploads appear once the worker made them: look again every 2.5 s
    // (spec 000 §9 change polling) while any file of the month is still processing.
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.media_status === 'pending') ? PENDING_POLL_MS : false,
    queryFn: async ({ signal }) => {
      const files: RemoteFile[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.app(`/jobs/${encodeURIComponent(jobId)}/files`, FileList, {
          query: { start: month.start, end: month.end, limit: PAGE_SIZE, cursor },
          signal,
        });
        files.push(...page.files);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return files;
    },
  });
}
