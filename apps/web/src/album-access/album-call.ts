import { ALBUM_AUTH_HEADER, AlbumGrant, albumAuthValue } from '@trove/contract';
import type { CallInit, HttpClient } from '../api/http-client.ts';
import { getLoginState } from '../api/login-store.ts';
import { albumGrants, foreignAuthHeaders } from './grant-store.ts';
import { guestAuthHeaders } from './guest-store.ts';

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
