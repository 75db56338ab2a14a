import { ChangesResponse, CopyResults, FileList, JobInfo } from '@trove/contract';
import { useInfiniteQuery, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { albumCall } from '../../../album-access/album-call.ts';
import type { AlbumLoadEvent } from '../../../album-access/load-status.ts';
import { useApi } from '../../../api/api-context.tsx';
import type { HttpClient } from '../../../api/http-client.ts';
import { HttpError } from '../../../api/http-error.ts';
import { hasCommentChanges, refreshComments } from '../../comments/index.ts';
import { albumKeys } from '../api.ts';

/** Query keys of the visitor view; under `albumKeys.all` so album invalidations reach them. */
export const visitorKeys = {
  files: (id: string, serial: number) => [...albumKeys.all, 'visitor', id, 'files', serial] as const,
  changes: (id: string, since: number) => [...albumKeys.all, 'visitor', id, 'changes', since] as const,
};

/** Files per page of the visitor grid. */
const FILES_PAGE_SIZE = 300;
/** spec 000 §9: change polling every 2500 ms. */
export const CHANGES_POLL_MS = 2500;

/**
 * The album's files, page by page (GET /jobs/{id}/files with its cursor), in the album's
 * sort. Keyed by the album's last_update, so a refetched album brings its files again while
 * the old ones stay on screen.
 */
export function useVisitorFiles(album: JobInfo) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: visitorKeys.files(album.id, album.last_update),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      albumCall(api, album.id, '/files', FileList, {
        query: { sort: album.sort_order ?? 'ADDED', limit: FILES_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * Polls the album's changes since `since` (its last_update) every 2.5 s while `enabled`
 * and reports the newest serial seen (spec 000 §4: a newer one makes the album partially
 * fetched). Comment and love records (types 10 and 12) fetch the album's comments and
 * counts again, so every open view shows them without a reload (issue #12). When the
 * changes are refused (album deleted, made private, password changed) the album is looked
 * at again once, so the page shows what became of it.
 */
export function useAlbumChanges(
  albumId: string,
  since: number,
  enabled: boolean,
  dispatch: (event: AlbumLoadEvent) => void,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const changes = useQuery({
    queryKey: visitorKeys.changes(albumId, since),
    queryFn: ({ signal }) =>
      albumCall(api, albumId, '/changes', ChangesResponse, { query: { since }, signal }),
    enabled,
    refetchInterval: CHANGES_POLL_MS,
    retry: false,
  });
  const { data, error } = changes;
  useEffect(() => {
    if (!data) return;
    const serial = Math.max(data.last_serial, ...data.changes.map((change) => change.serial));
    dispatch({ type: 'CHANGE_SEEN', serial });
    if (hasCommentChanges(data.changes)) void refreshComments(queryClient, albumId);
  }, [data, dispatch, queryClient, albumId]);
  const reloadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return;
    if (reloadedFor.current === since) return;
    reloadedFor.current = since;
    dispatch({ type: 'LOAD' });
  }, [error, since, dispatch]);
}

/** POST /jobs/{id}/subscribe: the signed-in user joins the album. */
export function subscribeToAlbum(api: HttpClient, albumId: string): Promise<JobInfo> {
  return albumCall(api, albumId, '/subscribe', JobInfo, { method: 'POST' });
}

/**
 * The album's files to the caller's timeline: every file (POST /jobs/{id}/keep-all-files),
 * or one (POST /jobs/{id}/copy_to_timeline).
 */
export function copyToTimeline(api: HttpClient, albumId: string, fileId?: string): Promise<CopyResults> {
  return fileId === undefined
    ? albumCall(api, albumId, '/keep-all-files', CopyResults, { method: 'POST' })
    : albumCall(api, albumId, '/copy_to_timeline', CopyResults, {
        method: 'POST',
        body: { file_uuids: [fileId] },
      });
}
