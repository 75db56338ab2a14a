import {
  ALBUM_AUTH_HEADER,
  AlbumGrant,
  ChangesResponse,
  CopyResults,
  FileList,
  JobInfo,
  albumAuthValue,
} from '@trove/contract';
import { useInfiniteQuery, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../../api/api-context.tsx';
import type { CallInit, HttpClient } from '../../../api/http-client.ts';
import { HttpError } from '../../../api/http-error.ts';
import { getLoginState } from '../../auth/login-store.ts';
import { albumGuests, guestAuthHeaders } from '../../comments/guest-store.ts';
import { hasCommentChanges, refreshComments } from '../../comments/keys.ts';
import { albumKeys } from '../api.ts';
import { albumGrants, foreignAuthHeaders } from './grant-store.ts';
import {
  INITIAL_ALBUM_LOAD,
  albumLoadReducer,
  isFetching,
  loadStatusOfError,
  type AlbumLoadEvent,
  type AlbumLoadState,
} from './load-status.ts';

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
 * A call about `albumId`: its path under /jobs/{id}, with the tab's grant for it and, while
 * nobody is signed in, this browser's guest token for it (issue #12). A session being
 * checked counts as signed in: its token goes along, and the user comments as themselves.
 */
export function albumCall<T>(
  api: HttpClient,
  albumId: string,
  path: string,
  schema: { parse(data: unknown): T },
  init: CallInit = {},
): Promise<T> {
  return api.app(`/jobs/${encodeURIComponent(albumId)}${path}`, schema, {
    ...init,
    headers: { ...albumHeaders(albumId), ...init.headers },
  });
}

/** The headers of a call about `albumId` (see {@link albumCall}), for calls made elsewhere (a download). */
export function albumHeaders(albumId: string): Record<string, string> {
  const { status } = getLoginState();
  const isSignedIn = status === 'AUTHENTICATED' || status === 'FETCHING';
  return { ...foreignAuthHeaders(albumId), ...guestAuthHeaders(albumId, isSignedIn) };
}

/**
 * Drives the album load machine (spec 000 §4) for `albumId`: fetches the job info whenever
 * the machine wants it (start, retry, password given, newer change) and feeds the answer
 * back, its errors through the job info fetch error mapping. `enabled` holds the start
 * back, e.g. while the login is still being checked.
 */
export function useAlbumLoad(
  albumId: string,
  isLoggedIn: boolean,
  enabled: boolean,
): [AlbumLoadState, (event: AlbumLoadEvent) => void] {
  const api = useApi();
  const [state, dispatch] = useReducer(albumLoadReducer, INITIAL_ALBUM_LOAD);
  const { status, attempt } = state;
  useEffect(() => {
    if (enabled && status === 'NOT_STARTED') dispatch({ type: 'LOAD' });
  }, [enabled, status]);
  const wantsFetch = isFetching(status);
  useEffect(() => {
    if (!wantsFetch || attempt === 0) return;
    const controller = new AbortController();
    const sentGuest = isLoggedIn ? undefined : albumGuests.find(albumId)?.guest;
    albumCall(api, albumId, '/info', JobInfo, {
      query: { include_details: 1 },
      signal: controller.signal,
    }).then(
      (album) => {
        // A guest token the album no longer takes (its password changed, it stopped being
        // shared) leaves the caller a visitor: it is forgotten, so they are asked again.
        if (
          album.role === 'visitor' &&
          sentGuest !== undefined &&
          albumGuests.find(albumId)?.guest === sentGuest
        )
          albumGuests.clear(albumId);
        dispatch({ type: 'FETCH_SUCCEEDED', attempt, album });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = loadStatusOfError(error, isLoggedIn);
        // A stored grant that no longer opens the album (password changed): ask again.
        if (failure === 'PASSWORD_REQUIRED') {
          albumGrants.clear(albumId);
          albumGuests.clear(albumId);
        }
        dispatch({ type: 'FETCH_FAILED', attempt, status: failure });
      },
    );
    return () => {
      controller.abort();
    };
    // isLoggedIn is read when the answer comes; a change of it alone asks for nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, albumId, attempt, wantsFetch]);
  return [state, dispatch];
}

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

/**
 * POST /jobs/{id}/auth (album password submission, spec 000 §5 and §7): sends the album
 * auth value derived from `password` in the x-album-auth header and stores the grant.
 */
export async function submitAlbumPassword(api: HttpClient, albumId: string, password: string): Promise<void> {
  const value = await albumAuthValue(password, albumId);
  const grant = await api.app(`/jobs/${encodeURIComponent(albumId)}/auth`, AlbumGrant, {
    method: 'POST',
    headers: { [ALBUM_AUTH_HEADER]: value },
  });
  albumGrants.set(albumId, grant);
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
