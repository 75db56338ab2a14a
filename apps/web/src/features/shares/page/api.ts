import { AlbumGrant, CopyResults, ShareInfo, type ShareAuthBody } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import type { CallInit, HttpClient, Parser } from '../../../api/http-client.ts';
import { HttpError } from '../../../api/http-error.ts';
import { shareGrants, shareHeaders } from '../../../album-access/grant-store.ts';

/*
 * The receiving side of a share (spec 000 §2 Share page, §3 Share, §6; issue #15). A share is
 * a job whose id is the link's secret; a share with a password wants a grant first, which
 * every later call about it carries in the foreign-auth header, exactly as for a shared
 * album's visitor (album-access/grant-store.ts: the same store, its own prefix). See docs/API.md Shares.
 */

/** Query keys of shares. The answer depends on who asks, so signed in and out are apart. */
export const shareKeys = {
  all: ['shares'] as const,
  one: (shareId: string, isSignedIn: boolean) => [...shareKeys.all, shareId, isSignedIn] as const,
};

/** An answer without a body (204), or one nobody reads. */
const Ignored: Parser<unknown> = { parse: (data) => data };

function shareCall<T>(
  api: HttpClient,
  shareId: string,
  path: string,
  schema: Parser<T>,
  init: CallInit = {},
): Promise<T> {
  return api.app(`/shares/${encodeURIComponent(shareId)}${path}`, schema, {
    ...init,
    headers: { ...shareHeaders(shareId), ...init.headers },
  });
}

/** What a failed GET /shares/{id} means for the page (spec 000 §2, §8). */
export type ShareLoadFailure = 'notFound' | 'password' | 'failed';

/**
 * 403 `password_required`: the password page (a stored grant that no longer opens the share
 * is forgotten by the caller); any other 4xx: not found (unknown, expired, stopped: the
 * server answers them alike); no answer or a 5xx: failed, with a retry.
 */
export function shareLoadFailureOf(error: unknown): ShareLoadFailure {
  if (!(error instanceof HttpError)) return 'failed';
  if (error.code === 'password_required') return 'password';
  if (error.status >= 400 && error.status < 500) return 'notFound';
  return 'failed';
}

/**
 * GET /shares/{id}: the share page's data (spec 000 §3 Share). `enabled` holds it back
 * while the login is being checked: the answer depends on who asks (is_owner, can_copy).
 */
export function useShareQuery(shareId: string, isSignedIn: boolean, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: shareKeys.one(shareId, isSignedIn),
    queryFn: async ({ signal }) => {
      try {
        return await shareCall(api, shareId, '', ShareInfo, { signal });
      } catch (error) {
        // A grant that no longer opens the share (expired server-side): ask again.
        if (shareLoadFailureOf(error) === 'password') shareGrants.clear(shareId);
        throw error;
      }
    },
    enabled,
  });
}

/**
 * POST /shares/{id}/auth: the password as entered (spec 000 §5 "Share passwords are sent as
 * entered"), in the body, never a URL; the grant that comes back is stored for the tab.
 */
export async function submitSharePassword(api: HttpClient, shareId: string, password: string): Promise<void> {
  const body: ShareAuthBody = { password };
  const grant = await shareCall(api, shareId, '/auth', AlbumGrant, { method: 'POST', body });
  shareGrants.set(shareId, grant);
}

/** DELETE /shares/{id} (spec 000 §6 Share owner): stop sharing, for everyone, now. */
export async function stopSharing(api: HttpClient, shareId: string): Promise<void> {
  await shareCall(api, shareId, '', Ignored, { method: 'DELETE' });
  shareGrants.clear(shareId);
}

/**
 * POST /jobs/{shareId}/keep-all-files (spec 000 §6 "logged-in users may add share files to
 * the timeline"): every file of the share into the caller's timeline.
 * @throws HttpError, 413 `quota_exceeded` when they do not fit (spec 000 §8 out_of_storage).
 */
export function keepAllShareFiles(api: HttpClient, shareId: string): Promise<CopyResults> {
  return api.app(`/jobs/${encodeURIComponent(shareId)}/keep-all-files`, CopyResults, {
    method: 'POST',
    headers: shareHeaders(shareId),
  });
}

/** How many files a copy put in the timeline, and how many it could not. */
export function copyCounts(results: CopyResults): { copied: number; failed: number } {
  const copied = results.results.filter((result) => result.status === 'ok').length;
  return { copied, failed: results.results.length - copied };
}
