import type { RemoteFile, TimelineFilter, TimelineMonth } from '@trove/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PlaceFileActions } from '../file-actions/index.ts';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { monthFilesQuery, refetchWhilePending } from './api.ts';

/** The query of one section's files, for `useQuery` and for `queryClient.query`. */
export interface SectionFilesQuery {
  queryKey: readonly unknown[];
  gcTime?: number;
  queryFn: (context: { signal: AbortSignal; client: QueryClient }) => Promise<RemoteFile[]>;
}

/**
 * Where a file grid gets its data: the job its files belong to (tiles open, select and
 * delete through it) and how one section's files are fetched. The timeline passes its
 * months; an album view can pass its own job (or any other way of cutting it in sections)
 * and reuse the same grid.
 */
export interface GridSource {
  jobId: string;
  /** Whether the caller owns the job (default yes: the timeline): only owners get Undo (spec 000 §6). */
  isOwner?: boolean;
  /** What archives of its files are called (an album's title); the timeline's: its own word. */
  name?: string;
  /** Set when the grid shows an album: the album pickers list it disabled (spec 000 §5). */
  isAlbum?: boolean;
  /**
   * Where a tile opens its file; `search` is the grid page's query (`?filter=`). Without it
   * the timeline's viewer, `/photos/{fileId}{search}`.
   */
  fileHref?: (fileId: string, search: string) => string;
  /** The place's file actions (See: [Note: File action registry]); the timeline's when absent. */
  actions?: PlaceFileActions;
  sectionFiles(
    api: HttpClient,
    section: Pick<TimelineMonth, 'start' | 'end'>,
    filter: TimelineFilter,
  ): SectionFilesQuery;
}

/** The files of a job by month of taken time (GET /jobs/{id}/files?start&end): the timeline's source. */
export function monthsSource(jobId: string): GridSource {
  return {
    jobId,
    sectionFiles: (api, section, filter) => monthFilesQuery(api, jobId, section, filter),
  };
}

/**
 * Whether a section's query holds all its files. A first load publishes its pages as they
 * arrive (`monthFilesQuery`), so the grid can draw them; the selection must not take those
 * for the whole month, or selecting the month would select its first page only.
 */
export function hasAllFiles(
  query: { data?: readonly unknown[]; isFetching: boolean },
  count: number,
): boolean {
  return query.data !== undefined && (!query.isFetching || query.data.length >= count);
}

/** One grid section's files once `enabled` (spec 000 §4 Timeline section fetch). */
export function useSectionFiles(
  source: GridSource,
  section: Pick<TimelineMonth, 'start' | 'end'>,
  filter: TimelineFilter,
  enabled: boolean,
) {
  const api = useApi();
  return useQuery<RemoteFile[]>({
    ...source.sectionFiles(api, section, filter),
    enabled,
    refetchInterval: refetchWhilePending,
  });
}

/** Every file of one month of the timeline job that passes `filter`, once `enabled`. */
export function useMonthFiles(
  jobId: string,
  month: Pick<TimelineMonth, 'start' | 'end'>,
  filter: TimelineFilter,
  enabled: boolean,
) {
  return useSectionFiles(monthsSource(jobId), month, filter, enabled);
}
