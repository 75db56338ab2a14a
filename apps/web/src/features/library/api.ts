import {
  JobInfo,
  RemoteFile,
  TimelineMonths,
  UncheckedFileList,
  type TimelineFilter,
  type TimelineMonth,
} from '@trove/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { checkInSlices } from '../../api/check-in-slices.ts';
import type { HttpClient } from '../../api/http-client.ts';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query keys of the timeline; `timelineKeys.all` invalidates everything after an upload. */
export const timelineKeys = {
  all: ['timeline'] as const,
  job: () => [...timelineKeys.all, 'job'] as const,
  months: (jobId: string) => [...timelineKeys.all, 'months', jobId] as const,
  month: (jobId: string, start: number, filter: TimelineFilter = 'all') =>
    [...timelineKeys.all, 'month', jobId, start, filter] as const,
  recents: (jobId: string) => [...timelineKeys.all, 'recents', jobId] as const,
};

/**
 * Files per request of a month section; a month is fetched page by page with the cursor.
 * The first page is small so the first screen of tiles paints after one short answer.
 */
const FIRST_PAGE_SIZE = 300;
const PAGE_SIZE = 2000;
const PENDING_POLL_MS = 2500;
/**
 * A month no section observes any more is dropped after this long: sections out of the
 * 400 px retain window unmount, and their files go (spec 000 §4: expired sections reset to
 * UNFETCHED), so a long scroll through 1,000,000 files does not keep them all in memory.
 */
const MONTH_GC_MS = 30_000;
/** Recents look 30 days back (spec 000 §9) and are polled every 30 s. */
export const RECENTS_WINDOW_DAYS = 30;
const RECENTS_POLL_MS = 30_000;

/**
 * Every page of GET /jobs/{id}/files for `query`, followed by its cursor. `onPartial`
 * sees the files so far after each page but the last, so a big month shows its first
 * rows while the rest arrive.
 */
export async function allFiles(
  api: HttpClient,
  jobId: string,
  query: Record<string, string | number>,
  signal: AbortSignal,
  onPartial?: (files: RemoteFile[]) => void,
): Promise<RemoteFile[]> {
  const files: RemoteFile[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.app(`/jobs/${encodeURIComponent(jobId)}/files`, UncheckedFileList, {
      query: { ...query, limit: files.length === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE, cursor },
      signal,
    });
    // Checked a slice at a time: a page of 2,000 checked at once was a long task.
    for (const file of await checkInSlices(page.files, RemoteFile, signal)) files.push(file);
    cursor = page.next_cursor ?? undefined;
    if (cursor) onPartial?.([...files]);
  } while (cursor);
  return files;
}

/** GET /jobs/default: the caller's timeline job. */
export function timelineJobQuery(api: HttpClient) {
  return {
    queryKey: timelineKeys.job(),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.app('/jobs/default', JobInfo, { signal }),
    staleTime: STALE_TIME.forever,
  };
}

/** The caller's timeline job; `enabled: false` where there may be no caller (a visitor's viewer). */
export function useTimelineJob({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...timelineJobQuery(useApi()), enabled });
}

/** GET /jobs/{id}/timeline/months: the counts that size the whole grid before any file loads. */
function timelineMonthsQuery(api: HttpClient, jobId: string) {
  return {
    queryKey: timelineKeys.months(jobId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.app(`/jobs/${encodeURIComponent(jobId)}/timeline/months`, TimelineMonths, { signal }),
  };
}

export function useTimelineMonths(jobId: string | undefined) {
  const api = useApi();
  return useQuery({
    ...timelineMonthsQuery(api, jobId ?? ''),
    enabled: jobId !== undefined,
    select: (data) => data.months,
  });
}

/** Files of the newest months the cold-load prefetch asks for: about two screens of tiles. */
const PREFETCH_FILES = 60;
const PREFETCH_MONTHS = 3;

/**
 * Starts the timeline's first calls while the account is still being checked: on a cold
 * load of /photos they are otherwise more round trips (and renders) before the first
 * thumbnail can be asked for (bench/web-timeline.ts, first thumbnails). After the job and
 * its months come, when `files`, the files of the newest months, as the unfiltered grid asks for them
 * (the same queries, so the grid finds them cached): until about two screens of tiles, at
 * most three months. A failure is left for the timeline's own queries to report.
 */
export async function prefetchTimeline(
  queryClient: QueryClient,
  api: HttpClient,
  { files: withFiles }: { files: boolean },
): Promise<void> {
  try {
    const job = await queryClient.query(timelineJobQuery(api));
    const { months } = await queryClient.query(timelineMonthsQuery(api, job.id));
    if (!withFiles) return;
    let files = 0;
    const newest: TimelineMonth[] = [];
    for (const month of months) {
      // The 'all' filter's count (countFor in features/timeline/sections.ts).
      const count = month.pictures + month.videos + month.screenshots;
      if (count === 0) continue;
      newest.push(month);
      files += count;
      if (files >= PREFETCH_FILES || newest.length >= PREFETCH_MONTHS) break;
    }
    await Promise.all(newest.map((month) => queryClient.query(monthFilesQuery(api, job.id, month, 'all'))));
  } catch {
    // The timeline asks again, and shows the error, once it renders.
  }
}

/**
 * Thumbnails of new uploads appear once the worker made them: a list of files is looked at
 * again every 2.5 s (spec 000 §9 change polling) while any of them is still processing.
 */
export function refetchWhilePending(query: { state: { data?: RemoteFile[] } }): number | false {
  return query.state.data?.some((file) => file.media_status === 'pending') ? PENDING_POLL_MS : false;
}

/** The query of one month's files, for `useQuery` and for `queryClient.fetchQuery`. */
export function monthFilesQuery(
  api: HttpClient,
  jobId: string,
  month: Pick<TimelineMonth, 'start' | 'end'>,
  filter: TimelineFilter,
) {
  return {
    queryKey: timelineKeys.month(jobId, month.start, filter),
    gcTime: MONTH_GC_MS,
    queryFn: ({ signal, client }: { signal: AbortSignal; client: QueryClient }) => {
      const key = timelineKeys.month(jobId, month.start, filter);
      // Only a first load shows partial rows; a refetch keeps the full list until it ends.
      const isFirstLoad = client.getQueryData(key) === undefined;
      return allFiles(api, jobId, { start: month.start, end: month.end, filter }, signal, (files) => {
        if (isFirstLoad) client.setQueryData(key, files);
      });
    },
  };
}

/**
 * Photos and videos uploaded in the last 30 days (spec 000 §9 recents window), newest
 * taken first: one list from which the recents filters count 1, 7 and 30 days.
 */
export function useRecentFiles(jobId: string | undefined, enabled: boolean) {
  const api = useApi();
  return useQuery<RemoteFile[]>({
    queryKey: timelineKeys.recents(jobId ?? ''),
    enabled: enabled && jobId !== undefined,
    refetchInterval: RECENTS_POLL_MS,
    queryFn: ({ signal }) => {
      const since = Math.floor(Date.now() / 1000) - RECENTS_WINDOW_DAYS * 86_400;
      return allFiles(api, jobId ?? '', { uploaded_since: since, filter: 'all' }, signal);
    },
  });
}
