import type { JobInfo } from '@trove/contract';

/**
 * True when the caller belongs in the members' album view (/albums/{id}) rather than the
 * visitor view: the owner, a participant, or a read-only member (who may leave, so is one).
 */
export function isMemberView(album: Pick<JobInfo, 'role' | 'currentUserCan'>): boolean {
  return (
    album.role === 'owner' ||
    album.role === 'participant' ||
    (album.role === 'readOnly' && album.currentUserCan.leaveAlbum)
  );
}

/** The path of a login-gated action on a shared album (spec 000 §2). */
export function albumActionPath(
  albumId: string,
  action: 'subscribe' | 'copyAlbum' | 'createNew',
  fileId?: string,
): string {
  const album = `/a/${encodeURIComponent(albumId)}`;
  return fileId === undefined ? `${album}/${action}` : `${album}/${encodeURIComponent(fileId)}/${action}`;
}

/** The login page, coming back to `path` once signed in. */
export function loginPath(path: string): string {
  return `/login?redir=${encodeURIComponent(path)}`;
}

/**
 * A shared album's carousel for its visitors: /a/{albumId}/carousel/{fileId} (issue #23; the
 * member's /carousel/{albumId}/{fileId} wants an account). See docs/SPEC-DEVIATIONS.md.
 */
export function visitorCarouselPath(albumId: string, fileId: string): string {
  return `/a/${encodeURIComponent(albumId)}/carousel/${encodeURIComponent(fileId)}`;
}
