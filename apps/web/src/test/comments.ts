import type { Comment, FileComments, JobInfo, Reaction, RemoteFile } from '@trove/contract';
import { aFile } from './factories.ts';
import { ONLY_LOOK, aSharedAlbum } from './visitor.tsx';

/** A comment on f-1 by Ada (the caller may edit and delete it), written just now. */
export function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    comment_uuid: 'c-1',
    file_id: 'f-1',
    user: 'user-1',
    guest_id: null,
    author_name: 'Ada',
    comment: 'Lovely light',
    timestamp: Math.floor(Date.now() / 1000),
    last_edit_timestamp: null,
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

/** A love on the file; the caller's own when `isOwn`. */
export function aLove(isOwn = false): Reaction {
  return {
    user: isOwn ? 'user-1' : 'user-2',
    guest_id: null,
    author_name: isOwn ? 'Ada' : 'Grace',
    reaction: 'love',
    timestamp: 1_750_000_000,
    is_own: isOwn,
  };
}

/** The answer of GET …/comments. */
export function fileComments(
  comments: Comment[],
  reactions: Reaction[] = [],
  file: RemoteFile = aFile({ id: comments[0]?.file_id ?? 'file-1' }),
): FileComments {
  return {
    file,
    comments,
    comment_count: comments.length,
    reactions,
    loved: reactions.some((reaction) => reaction.is_own),
  };
}

/** A shared album of Ola's that a signed-out visitor opened (comments allowed). */
export function aVisitedAlbum(overrides: Partial<JobInfo> = {}): JobInfo {
  return aSharedAlbum({ ...overrides, currentUserCan: { ...ONLY_LOOK, ...overrides.currentUserCan } });
}

/** Paths of the comment calls on f-1 of job-1. */
export const CALLS = {
  comments: '/st/4/jobs/job-1/files_by_id/f-1/comments',
  comment: (id: string) => `/st/4/jobs/job-1/files_by_id/f-1/comments/${id}`,
  reaction: '/st/4/jobs/job-1/files_by_id/f-1/reaction',
  guests: '/st/4/jobs/job-1/guests',
};

/** A promise and its resolve: holds a fake answer back (FakeAnswer `after`). */
export function gate(): { after: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const after = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { after, open };
}
