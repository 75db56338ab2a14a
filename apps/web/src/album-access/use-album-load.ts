import { JobInfo } from '@trove/contract';
import { useEffect, useReducer } from 'react';
import { useApi } from '../api/api-context.tsx';
import { albumCall } from './album-call.ts';
import { albumGrants } from './grant-store.ts';
import { albumGuests } from './guest-store.ts';
import {
  INITIAL_ALBUM_LOAD,
  albumLoadReducer,
  isFetching,
  loadStatusOfError,
  type AlbumLoadEvent,
  type AlbumLoadState,
} from './load-status.ts';

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
