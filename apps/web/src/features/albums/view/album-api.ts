import {
  CopyResults,
  JobInfo,
  JobUsers,
  OptionValue,
  TimelineMonths,
  viewModeOption,
  type AlbumFileSort,
  type AlbumViewMode,
  type RemoteFile,
  type TimelineFilter,
  type TimelineMonth,
} from '@trove/contract';
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import type { HttpClient, Parser } from '../../../api/http-client.ts';
import { HttpError } from '../../../api/http-error.ts';
import { STALE_TIME } from '../../../api/query-client.ts';
import { allFiles } from '../../library/api.ts';
import type { GridSource, SectionFilesQuery } from '../../library/index.ts';
import { albumKeys } from '../api.ts';
import { isWholeAlbum, viewModeOf } from './model.ts';

/**
 * Query keys of one album's view. The files of every sort and section sit under
 * `albumKeys.files(id)`, so one invalidation refreshes all of them.
 */
export const albumViewKeys = {
  users: (id: string) => [...albumKeys.all, 'users', id] as const,
  months: (id: string) => [...albumKeys.all, 'months', id] as const,
  section: (id: string, sort: AlbumFileSort, start: number | 'all', filter: TimelineFilter) =>
    [...albumKeys.files(id), sort, start, filter] as const,
  viewMode: (id: string) => ['options', viewModeOption(id)] as const,
};

/** Sections no grid observes any more are dropped after this long (as the timeline's months). */
const SECTION_GC_MS = 30_000;

const jobPath = (albumId: string, rest = '') => `/jobs/${encodeURIComponent(albumId)}${rest}`;

/**
 * Every file of the album in `sort` order (GET /jobs/{id}/files?sort=), page by page: the
 * grid's one section when sorted by date added, and the carousel's list in every sort.
 */
export function albumListQuery(api: HttpClient, albumId: string, sort: AlbumFileSort): SectionFilesQuery {
  return sectionQuery(api, albumId, albumViewKeys.section(albumId, sort, 'all', 'all'), {
    filter: 'all',
    sort,
  });
}

/** The files of one month of taken time (start/end) in `sort` order. */
function albumMonthQuery(
  api: HttpClient,
  albumId: string,
  sort: AlbumFileSort,
  month: Pick<TimelineMonth, 'start' | 'end'>,
  filter: TimelineFilter,
): SectionFilesQuery {
  return sectionQuery(api, albumId, albumViewKeys.section(albumId, sort, month.start, filter), {
    start: month.start,
    end: month.end,
    filter,
    sort,
  });
}

function sectionQuery(
  api: HttpClient,
  albumId: string,
  key: readonly unknown[],
  query: Record<string, string | number>,
): SectionFilesQuery {
  return {
    queryKey: key,
    gcTime: SECTION_GC_MS,
    queryFn: ({ signal, client }: { signal: AbortSignal; client: QueryClient }) => {
      // Only a first load shows partial rows; a refetch keeps the full list until it ends.
      const isFirstLoad = client.getQueryData(key) === undefined;
      return allFiles(api, albumId, query, signal, (files) => {
        if (isFirstLoad) client.setQueryData(key, files);
      });
    },
  };
}

/**
 * The album's files for the timeline's grid (see GridSource): months of taken time, or the
 * whole album when sorted by date added; tiles open the album carousel.
 */
export function albumSource(
  albumId: string,
  sort: AlbumFileSort,
  isOwner: boolean,
  name?: string,
): GridSource {
  return {
    jobId: albumId,
    isOwner,
    isAlbum: true,
    ...(name !== undefined && { name }),
    fileHref: (fileId) => carouselPath(albumId, fileId),
    sectionFiles: (api, section, filter) =>
      isWholeAlbum(section)
        ? albumListQuery(api, albumId, sort)
        : albumMonthQuery(api, albumId, sort, section, filter),
  };
}

/** spec 000 §2: /carousel/{albumId}/{fileId}, the album carousel. */
export const carouselPath = (albumId: string, fileId: string) =>
  `/carousel/${encodeURIComponent(albumId)}/${encodeURIComponent(fileId)}`;

/** GET /jobs/{id}/timeline/months: the counts that size the album's grid. */
export function useAlbumMonths(albumId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: albumViewKeys.months(albumId),
    queryFn: ({ signal }) => api.app(jobPath(albumId, '/timeline/months'), TimelineMonths, { signal }),
    enabled,
    select: (data) => data.months,
  });
}

/** GET /jobs/{id}/users (spec 000 §3 Contributors), with profile picture URLs. */
export function useAlbumUsers(albumId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: albumViewKeys.users(albumId),
    queryFn: ({ signal }) =>
      api.app(jobPath(albumId, '/users'), JobUsers, { query: { include_profile_url: 1 }, signal }),
    enabled,
    staleTime: STALE_TIME.short,
    select: (data) => data.users,
  });
}

/**
 * The album's people as GET /jobs/{id}/users last answered, never fetched here (skipToken):
 * the comments show their pictures once the album view loaded them, at no extra request.
 */
export function useKnownAlbumUsers(albumId: string) {
  return useQuery({
    queryKey: albumViewKeys.users(albumId),
    queryFn: skipToken,
    select: (data: JobUsers) => data.users,
  });
}

/** The carousel's list: every file of the album in its sort order. */
export function useAlbumList(albumId: string, sort: AlbumFileSort | undefined) {
  const api = useApi();
  const query = albumListQuery(api, albumId, sort ?? 'ADDED');
  return useQuery<RemoteFile[]>({ ...query, enabled: sort !== undefined });
}

/**
 * The album's view mode (spec 000 §3, §7 Options): GET /options/{name}; a stored value
 * missing (404 or null) or invalid means flow.
 */
export function useViewMode(albumId: string) {
  const api = useApi();
  return useQuery({
    queryKey: albumViewKeys.viewMode(albumId),
    queryFn: async ({ signal }) => {
      try {
        return await api.app(`/options/${encodeURIComponent(viewModeOption(albumId))}`, OptionValue, {
          signal,
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404)
          return { name: viewModeOption(albumId), value: null };
        throw error;
      }
    },
    staleTime: STALE_TIME.forever,
    select: (option) => viewModeOf(option.value),
  });
}

/** PUT /options/{name} {value}: stores the view mode; the view switches at once. */
export function useSetViewMode(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: AlbumViewMode) =>
      api.app(`/options/${encodeURIComponent(viewModeOption(albumId))}`, OptionValue, {
        method: 'PUT',
        body: { value: mode },
      }),
    onMutate: (mode) => {
      queryClient.setQueryData(albumViewKeys.viewMode(albumId), {
        name: viewModeOption(albumId),
        value: mode,
      });
    },
  });
}

/** What an album change sends: one of the §7 Jobs calls that answer the new JobInfo. */
export type AlbumChange =
  | { kind: 'name'; name: string }
  | { kind: 'cover'; fileId: string }
  | { kind: 'privacy'; mode: 'shared' | 'private' }
  | { kind: 'permissions'; allow_uploads?: 0 | 1; allow_comments?: 0 | 1 }
  | { kind: 'sort'; value: AlbumFileSort }
  | { kind: 'password'; password: string }
  | { kind: 'subscribe' }
  | { kind: 'unsubscribe' };

function sendChange(api: HttpClient, albumId: string, change: AlbumChange): Promise<JobInfo> {
  switch (change.kind) {
    case 'name':
      return api.app(jobPath(albumId, '/name'), JobInfo, { method: 'POST', body: { name: change.name } });
    case 'cover':
      return api.app(jobPath(albumId, '/cover'), JobInfo, { method: 'POST', body: { id: change.fileId } });
    case 'privacy':
      return api.app(jobPath(albumId, '/privacy_mode'), JobInfo, {
        method: 'POST',
        body: { mode: change.mode },
      });
    case 'permissions': {
      const { kind: _kind, ...body } = change;
      return api.app(jobPath(albumId, '/permissions'), JobInfo, { method: 'POST', body });
    }
    case 'sort':
      return api.app(jobPath(albumId, '/attribute/sort_order'), JobInfo, {
        method: 'PUT',
        body: { value: change.value },
      });
    case 'password':
      return api.app(jobPath(albumId, '/password'), JobInfo, {
        method: 'POST',
        body: { password: change.password },
      });
    case 'subscribe':
      return api.app(jobPath(albumId, '/subscribe'), JobInfo, { method: 'POST' });
    case 'unsubscribe':
      return api.app(jobPath(albumId, '/unsubscribe'), JobInfo, { method: 'POST' });
  }
}

/**
 * One album change (spec 000 §7 Jobs: name, cover, privacy_mode, permissions, attribute,
 * subscribe, unsubscribe); the answer replaces the album's info, and the albums list is
 * refreshed. Toasts are the caller's (they differ per change, spec 000 §8).
 */
export function useAlbumChange(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AlbumChange) => sendChange(api, albumId, change),
    onSuccess: (album, change) => {
      // Who leaves goes back to their albums: the page must not first turn into the
      // visitor's view of the album it is leaving.
      if (change.kind !== 'unsubscribe') queryClient.setQueryData(albumKeys.one(albumId), album);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}

/** Any answer: DELETE /jobs/{id} is judged by its status alone. */
const AnyAnswer: Parser<unknown> = { parse: (data) => data };

/** DELETE /jobs/{id}: the album goes to the trash (spec 000 §7; 90 days, §9). */
export function useDeleteAlbum(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.app(jobPath(albumId), AnyAnswer, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: albumKeys.one(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}

/** POST /jobs/{id}/copy_to_timeline: album files into the caller's timeline (spec 000 §3 addToAlbum). */
export function useCopyToTimeline(albumId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (fileIds: readonly string[]) =>
      api.app(jobPath(albumId, '/copy_to_timeline'), CopyResults, {
        method: 'POST',
        body: { file_uuids: fileIds },
      }),
  });
}
