import {
  VideoCheckResponse,
  monthStartOf,
  type RemoteFile,
  type TimelineFilter,
  type TimelineMonth,
} from '@trove/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient, Parser } from '../../api/http-client.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { monthFilesQuery, timelineKeys } from '../library/api.ts';

/** Query keys of the viewer's own answers; month files stay under `timelineKeys`. */
export const viewerKeys = {
  all: ['viewer'] as const,
  locate: (jobId: string, fileId: string, filter: TimelineFilter) =>
    [...viewerKeys.all, 'locate', jobId, fileId, filter] as const,
  metadata: (jobId: string, fileId: string) => [...viewerKeys.all, 'metadata', jobId, fileId] as const,
};

/** The camera metadata of spec 000 §3 as GET /jobs/{id}/metadata/{fileId} answers it. */
export interface FileMetadata {
  manufacturer?: string;
  model?: string;
  iso?: number;
  aperture?: number;
  exposure?: number;
  focal_length?: number;
  latitude?: number;
  longitude?: number;
}

const TEXT_FIELDS = ['manufacturer', 'model'] as const;
const NUMBER_FIELDS = ['iso', 'aperture', 'exposure', 'focal_length', 'latitude', 'longitude'] as const;

/**
 * Reads the metadata answer (`{}` until the worker read the file). Every field is optional;
 * one of the wrong type is left out rather than failing the panel.
 * TODO(#4): a `FileMetadata` schema in packages/contract, where wire shapes belong.
 */
export const FileMetadataParser: Parser<FileMetadata> = {
  parse(data) {
    const record: Record<string, unknown> = typeof data === 'object' && data !== null ? { ...data } : {};
    const metadata: FileMetadata = {};
    for (const key of TEXT_FIELDS) {
      const value = record[key];
      if (typeof value === 'string') metadata[key] = value;
    }
    for (const key of NUMBER_FIELDS) {
      const value = record[key];
      if (typeof value === 'number' && Number.isFinite(value)) metadata[key] = value;
    }
    return metadata;
  },
};

/** The camera metadata of one file, fetched while `enabled` (the info panel is open). */
export function useFileMetadata(jobId: string, fileId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: viewerKeys.metadata(jobId, fileId),
    queryFn: ({ signal }) =>
      api.app(
        `/jobs/${encodeURIComponent(jobId)}/metadata/${encodeURIComponent(fileId)}`,
        FileMetadataParser,
        {
          signal,
        },
      ),
    enabled,
  });
}

/** GET /jobs/{id}/files_by_id/{fileId}/v_check (spec 000 §7): queued, ready or error. */
export function checkVideo(api: HttpClient, jobId: string, fileId: string, signal: AbortSignal) {
  return api.app(
    `/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(fileId)}/v_check`,
    VideoCheckResponse,
    { signal },
  );
}

/** Months probed at once while looking for a file opened by URL. */
const PROBE_BATCH = 4;

/** The month of `fileId` if any list of the timeline already holds it (any month, any filter, recents). */
function findCachedMonth(queryClient: QueryClient, jobId: string, fileId: string): number | undefined {
  // The newest copy wins: a video's taken time changes once it is processed (its own creation
  // time replaces the file's), which moves it to another month, and the list of the month it
  // left stays cached with the old copy. Taking that one opened a month without the file:
  // "no longer in your timeline" until a reload (issue #23).
  let found: { taken: number; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: timelineKeys.all })) {
    const files: unknown = query.state.data;
    if (!Array.isArray(files)) continue;
    const file = (files as RemoteFile[]).find(
      (candidate) => candidate.id === fileId && candidate.job === jobId,
    );
    const at = query.state.dataUpdatedAt;
    if (file && (found === undefined || at > found.at)) found = { taken: file.taken, at };
  }
  return found && monthStartOf(found.taken);
}

/**
 * The start of the month holding `fileId`, or null when no month does.
 *
 * [Note: Finding a file opened by URL] The server has no call that answers a file's taken
 * time by id (metadata/{fileId} gives camera fields only), so the month comes from the file
 * lists: first those the timeline already holds (a tile was clicked, or a neighbour was
 * loaded), else the months of timeline/months are fetched newest first, a few at a time,
 * through the timeline's own month query keys, so what is fetched also fills the grid.
 */
export function useLocateFile(
  jobId: string | undefined,
  months: readonly TimelineMonth[] | undefined,
  fileId: string,
  filter: TimelineFilter,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery<number | null>({
    queryKey: viewerKeys.locate(jobId ?? '', fileId, filter),
    enabled: jobId !== undefined && months !== undefined,
    initialData: () => (jobId === undefined ? undefined : findCachedMonth(queryClient, jobId, fileId)),
    staleTime: STALE_TIME.forever,
    queryFn: async ({ signal }) => {
      if (jobId === undefined || months === undefined) return null;
      const cached = findCachedMonth(queryClient, jobId, fileId);
      if (cached !== undefined) return cached;
      for (let from = 0; from < months.length; from += PROBE_BATCH) {
        const batch = months.slice(from, from + PROBE_BATCH);
        const lists = await Promise.all(
          batch.map((month) => queryClient.query(monthFilesQuery(api, jobId, month, filter))),
        );
        if (signal.aborted) return null;
        const index = lists.findIndex((files) => files.some((file) => file.id === fileId));
        const month = batch[index];
        if (month) return month.start;
      }
      return null;
    },
  });
}
