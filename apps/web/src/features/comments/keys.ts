import { ChangeType, type JobChange } from '@trove/contract';
import type { QueryClient } from '@tanstack/react-query';

/*
 * What the album screens need of comments (issue #12), small on purpose: the album's live
 * loops (use-live-album.ts, the visitor's changes polling) and grids import it without
 * pulling in the comment panel.
 */

/** Query keys of an album's comments and loves. */
export const commentKeys = {
  all: ['comments'] as const,
  album: (albumId: string) => [...commentKeys.all, albumId] as const,
  /** GET /jobs/{id}/activity: the counts of every file. */
  activity: (albumId: string) => [...commentKeys.album(albumId), 'activity'] as const,
  /** GET /jobs/{id}/files_by_id/{fileId}/comments. */
  file: (albumId: string, fileId: string) => [...commentKeys.album(albumId), 'file', fileId] as const,
};

/** Fetches an album's comments and counts again (a change record said they changed). */
export function refreshComments(queryClient: QueryClient, albumId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: commentKeys.album(albumId) });
}

/** Whether `changes` hold a comment (type 10) or reaction (type 12) record (spec 000 §3). */
export function hasCommentChanges(changes: readonly Pick<JobChange, 'type'>[]): boolean {
  return changes.some((change) => change.type === ChangeType.Comment || change.type === ChangeType.Reaction);
}

/** spec 000 §2: /comments/{albumId}/{fileId}, the comment side panel of a file. */
export const commentsPath = (albumId: string, fileId: string) =>
  `/comments/${encodeURIComponent(albumId)}/${encodeURIComponent(fileId)}`;

/** What a link into the comments page says in its history state: it came from the album's grid. */
export interface CommentsLinkState {
  fromAlbum?: boolean;
}
