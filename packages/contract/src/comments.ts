import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from './constants.ts';
import { RemoteFile } from './files.ts';
import { plainText } from './text.ts';

/*
 * Comments and loves on the files of an album (spec 000 §3 Comment, Reaction; §7 Comments
 * and reactions; issue #12). Times are seconds since the epoch, like the rest of the wire.
 */

/**
 * The longest comment, in UTF-16 code units (the spec names no limit; issue #12 asks for one
 * in the contract). Long enough for a paragraph, short enough that a list of them stays light.
 */
export const MAX_COMMENT_LENGTH = 2000;

// Controls other than tab and line breaks: a comment is text as written, over several lines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const COMMENT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** May `text` be posted as a comment? Not empty or only whitespace (spec 000 §5), not too long. */
export function isPostableComment(text: string): boolean {
  return text.trim() !== '' && text.length <= MAX_COMMENT_LENGTH;
}

/**
 * The text of a comment: stored as written (never trimmed or rewritten) and always rendered
 * as text, never HTML. Empty or whitespace-only text is refused (spec 000 §5), and so are
 * control characters other than tab and line breaks, and unpaired surrogates.
 */
export const CommentText = z.string().check(
  z.maxLength(MAX_COMMENT_LENGTH, `a comment is at most ${String(MAX_COMMENT_LENGTH)} characters`),
  z.refine((text) => text.trim() !== '', 'a comment must not be empty'),
  z.refine(
    (text) => text.isWellFormed() && !COMMENT_CONTROL.test(text),
    'must not contain control characters',
  ),
);

/** POST /jobs/{id}/files_by_id/{fileId}/comments and PUT …/comments/{commentId} (spec 000 §7). */
export const CommentBody = z.object({ comment: CommentText });
export type CommentBody = z.infer<typeof CommentBody>;

/**
 * One comment (spec 000 §3 Comment: comment_uuid, fileID, user, text, timestamp,
 * lastEditTimestamp). `user` is the author's user id, null for a guest (then `guest_id`);
 * `author_name` is the author's name as others see it ('' for a guest who gave none).
 * `can_edit` and `can_delete` are the caller's rights on this comment, from the server's
 * access table (author edits; author or album owner deletes: spec 000 §6).
 */
export const Comment = z.object({
  comment_uuid: z.string(),
  file_id: z.string(),
  user: z.nullable(z.string()),
  guest_id: z.nullable(z.string()),
  author_name: z.string(),
  comment: z.string(),
  timestamp: z.number(),
  last_edit_timestamp: z.nullable(z.number()),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

/** A love on a file (spec 000 §3 Reaction: per file and per user; only love exists). */
export const Reaction = z.object({
  user: z.nullable(z.string()),
  guest_id: z.nullable(z.string()),
  author_name: z.string(),
  reaction: z.literal('love'),
  timestamp: z.number(),
  /** This love is the caller's own. */
  is_own: z.boolean(),
});
export type Reaction = z.infer<typeof Reaction>;

/** At most this many comments come back for one file: the newest. */
export const MAX_LISTED_COMMENTS = 1000;

/**
 * GET /jobs/{id}/files_by_id/{fileId}/comments (ours: spec 000 §7 names no read; its client
 * replays change records): the file's comments, oldest first (at most the newest
 * MAX_LISTED_COMMENTS of `comment_count`), and its loves.
 */
export const FileComments = z.object({
  /** The file itself, with the caller's signed media paths: what the comments are about. */
  file: RemoteFile,
  comments: z.array(Comment),
  comment_count: z.int().check(z.nonnegative()),
  reactions: z.array(Reaction),
  /** The caller loves the file. */
  loved: z.boolean(),
});
export type FileComments = z.infer<typeof FileComments>;

/** The answer of POST …/comments (spec 000 §7 "response comment_uuid") and PUT: the comment. */
export const CommentResponse = Comment;

/** POST …/reaction (spec 000 §7 "reaction love"; §3 server values love, favorite: the same). */
export const ReactionBody = z.object({
  reaction: z.pipe(
    z.enum(['love', 'favorite']),
    z.transform(() => 'love' as const),
  ),
});
export type ReactionBody = z.input<typeof ReactionBody>;

/**
 * GET /jobs/{id}/activity (ours): per file of an album, how many comments and loves it has
 * and whether the caller loves it, for the counts the album view shows on each file. Files
 * without either are left out.
 */
export const FileActivity = z.object({
  id: z.string(),
  comment_count: z.int().check(z.nonnegative()),
  love_count: z.int().check(z.nonnegative()),
  loved: z.boolean(),
});
export type FileActivity = z.infer<typeof FileActivity>;
export const JobActivity = z.object({ files: z.array(FileActivity) });
export type JobActivity = z.infer<typeof JobActivity>;

/**
 * A visitor without an account comments after giving a name or continuing as guest (spec 000
 * §1, §6). POST /jobs/{id}/guests (ours) takes the name ('' continues as guest) and answers
 * a guest token, sent from then on in the `x-guest-auth` header of calls about that album
 * (never in a URL). The token names the guest, so they can edit and delete their own
 * comments; it ends when the album's password changes or it stops being shared.
 */
export const GUEST_AUTH_HEADER = 'x-guest-auth';
export const GuestBody = z.object({ name: z._default(plainText().check(z.maxLength(MAX_NAME_LENGTH)), '') });
export type GuestBody = z.input<typeof GuestBody>;
export const GuestIdentity = z.object({
  guest: z.string(),
  guest_id: z.string(),
  name: z.string(),
  /** Seconds since the epoch. */
  expires: z.number(),
});
export type GuestIdentity = z.infer<typeof GuestIdentity>;

/**
 * Data of a type 10 change record (spec 000 §3: comment, comment_uuid, timestamp; an empty
 * comment means the comment was deleted), with the file and author it belongs to.
 */
export const CommentChangeData = z.object({
  comment: z.string(),
  comment_uuid: z.string(),
  timestamp: z.number(),
  file_id: z.string(),
  user: z.nullable(z.string()),
  guest_id: z.nullable(z.string()),
  author_name: z.string(),
  last_edit_timestamp: z.nullable(z.number()),
});
export type CommentChangeData = z.infer<typeof CommentChangeData>;

/** Data of a type 12 change record (spec 000 §3: only love; an empty reaction clears it). */
export const ReactionChangeData = z.object({
  reaction: z.enum(['love', '']),
  file_id: z.string(),
  user: z.nullable(z.string()),
  guest_id: z.nullable(z.string()),
  timestamp: z.number(),
});
export type ReactionChangeData = z.infer<typeof ReactionChangeData>;
