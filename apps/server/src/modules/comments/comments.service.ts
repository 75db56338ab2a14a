import { randomUUID } from 'node:crypto';
import {
  MAX_LISTED_COMMENTS,
  type Comment,
  type FileComments,
  type GuestIdentity,
  type JobActivity,
  type OkResponse,
} from '@trove/contract';
import type { Access, JobAction, JobGrant } from '../../access/access.ts';
import type { Caller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError } from '../../errors.ts';
import { clientAddressKey, type Throttle, type ThrottlePolicy } from '../../identity/throttle.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import { fileViewerOf } from '../files/file-records.ts';
import { toRemoteFile } from '../files/files.service.ts';
import type { MediaLinks } from '../media/media-links.ts';
import type { Actor, CommentView } from './comments.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What guests may do before they are slowed down ([Note: Guests]): a link must not be a way
 * to flood an album. Each comment or love of a guest is charged to the guest and to their
 * address in that album; after the free ones each must wait a doubling delay (429 with
 * Retry-After). Becoming a guest is charged to the address. Accounts are not throttled here:
 * a member who floods is a person the owner can remove.
 */
export const GUEST_THROTTLE = {
  guest: { free: 30, baseDelayMs: 1000, maxDelayMs: 10 * MINUTE, resetMs: HOUR },
  albumClient: { free: 60, baseDelayMs: 1000, maxDelayMs: 10 * MINUTE, resetMs: HOUR },
  newGuest: { free: 10, baseDelayMs: 1000, maxDelayMs: HOUR, resetMs: 24 * HOUR },
} satisfies Record<string, ThrottlePolicy>;

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Comments and loves on the files of albums (spec 000 §4 Comment submission, edit/delete,
 * Reaction; §6 who may; §7 comments and reaction calls), and the guests who write them. Each
 * call asks access first (see [Note: Access]); each change is written with its change record
 * (10 comment, 12 reaction) in one transaction by the change writer, so every open view of
 * the album wakes and updates (see [Note: Change records]).
 */
export function createCommentsService(deps: {
  repos: Pick<Repositories, 'comments' | 'files'>;
  access: Access;
  changeWriter: ChangeWriter<Repositories>;
  throttle: Throttle;
  links: MediaLinks;
  now: () => number;
}) {
  const { repos, access, changeWriter, throttle, now } = deps;

  /** Who the caller is in the album: their account, their guest identity, or nobody. */
  function actorOrNull(caller: Caller, grant: JobGrant): Actor | null {
    if (caller.userId !== null) return { userId: caller.userId, guestId: null };
    if (grant.guestId !== null) return { userId: null, guestId: grant.guestId };
    return null;
  }

  /** The caller as the author of a comment or love; the table lets nobody else act. */
  function actorOf(caller: Caller, grant: JobGrant): Actor {
    const actor = actorOrNull(caller, grant);
    if (!actor) throw new NotFoundError();
    return actor;
  }

  /**
   * The grant for `action` on a file that is in the job and not in the trash. The table
   * keeps comments and loves to albums: the timeline's files only ever list none.
   */
  async function onFile(caller: Caller, jobId: string, fileId: string, action: JobAction) {
    const grant = await access.requireJob(caller, jobId, action);
    const file = await repos.files.findFile(jobId, fileId);
    if (file?.state !== 'active') throw new NotFoundError();
    return { grant, file };
  }

  /** Charges a guest's comment or love to the guest and their address in the album. */
  async function chargeGuest(caller: Caller, grant: JobGrant, actor: Actor): Promise<void> {
    if (actor.guestId === null) return;
    await throttle.reserve([
      { key: `guest:${actor.guestId}`, policy: GUEST_THROTTLE.guest },
      {
        key: `guest-client:${grant.job.id}:${clientAddressKey(caller.clientIp)}`,
        policy: GUEST_THROTTLE.albumClient,
      },
    ]);
  }

  function toComment(grant: JobGrant, comment: CommentView): Comment {
    return {
      comment_uuid: comment.id,
      file_id: comment.file_id,
      user: comment.user_id,
      guest_id: comment.guest_id,
      author_name: comment.author_name,
      comment: comment.text,
      timestamp: seconds(comment.created_at),
      last_edit_timestamp: comment.edited_at === null ? null : seconds(comment.edited_at),
      can_edit: grant.canEditComment(comment),
      can_delete: grant.canDeleteComment(comment),
    };
  }

  /** The comment of the file, or the answer a missing one gets. */
  async function findComment(jobId: string, fileId: string, commentId: string): Promise<CommentView> {
    const comment = await repos.comments.findComment(jobId, fileId, commentId);
    if (!comment) throw new NotFoundError();
    return comment;
  }

  return {
    /** GET /jobs/{id}/activity: comment and love counts per file, and the caller's loves. */
    async activity(caller: Caller, jobId: string): Promise<JobActivity> {
      const grant = await access.requireJob(caller, jobId, 'read');
      if (grant.job.type !== 'story') return { files: [] };
      return { files: await repos.comments.activity(jobId, actorOrNull(caller, grant)) };
    },

    /** GET …/files_by_id/{fileId}/comments: the file's comments and loves. */
    async list(caller: Caller, jobId: string, fileId: string): Promise<FileComments> {
      const { grant, file } = await onFile(caller, jobId, fileId, 'read');
      const [{ comments, total }, reactions] = await Promise.all([
        repos.comments.listComments(jobId, fileId, MAX_LISTED_COMMENTS),
        repos.comments.listReactions(jobId, fileId),
      ]);
      return {
        file: toRemoteFile(file, deps.links.forSession(grant.mediaScope), fileViewerOf(caller, grant.job)),
        comments: comments.map((comment) => toComment(grant, comment)),
        comment_count: total,
        reactions: reactions.map((r) => ({
          user: r.user_id,
          guest_id: r.guest_id,
          author_name: r.author_name,
          reaction: 'love' as const,
          timestamp: seconds(r.created_at),
          is_own: grant.isAuthor(r),
        })),
        loved: reactions.some((r) => grant.isAuthor(r)),
      };
    },

    /** POST …/comments (spec 000 §4 Comment submission): the new comment. */
    async post(caller: Caller, jobId: string, fileId: string, text: string): Promise<Comment> {
      const { grant } = await onFile(caller, jobId, fileId, 'addComment');
      const actor = actorOf(caller, grant);
      await chargeGuest(caller, grant, actor);
      const id = randomUUID();
      const comment = await changeWriter.transact(async (tx, changes) => {
        const at = now();
        await tx.comments.insertComment({
          id,
          job_id: jobId,
          file_id: fileId,
          user_id: actor.userId,
          guest_id: actor.guestId,
          text,
          created_at: at,
          edited_at: null,
        });
        const written = await findIn(tx, jobId, fileId, id);
        await changes.comment(written, { by: actor.userId, at, deleted: false });
        return written;
      });
      return toComment(grant, comment);
    },

    /** PUT …/comments/{commentId}: the author's new text (spec 000 §4 edit, §6 author only). */
    async edit(caller: Caller, jobId: string, fileId: string, commentId: string, text: string) {
      const { grant } = await onFile(caller, jobId, fileId, 'editOwnComment');
      if (!grant.canEditComment(await findComment(jobId, fileId, commentId))) throw new NotFoundError();
      const actor = actorOf(caller, grant);
      await chargeGuest(caller, grant, actor);
      const comment = await changeWriter.transact(async (tx, changes) => {
        const at = now();
        if (!(await tx.comments.updateComment(commentId, text, at))) throw new NotFoundError();
        const written = await findIn(tx, jobId, fileId, commentId);
        await changes.comment(written, { by: actor.userId, at, deleted: false });
        return written;
      });
      return toComment(grant, comment);
    },

    /** DELETE …/comments/{commentId}: by its author or the album's owner (spec 000 §6). */
    async remove(caller: Caller, jobId: string, fileId: string, commentId: string): Promise<OkResponse> {
      const { grant } = await onFile(caller, jobId, fileId, 'read');
      const comment = await findComment(jobId, fileId, commentId);
      if (!grant.canDeleteComment(comment)) throw new NotFoundError();
      await changeWriter.transact(async (tx, changes) => {
        // Deleted meanwhile by someone else: their record already told everyone.
        if (!(await tx.comments.deleteComment(commentId))) return;
        await changes.comment(comment, { by: caller.userId, at: now(), deleted: true });
      });
      return { ok: true };
    },

    /** POST …/reaction (spec 000 §4 Reaction): the caller loves the file; again is a no-op. */
    async love(caller: Caller, jobId: string, fileId: string): Promise<OkResponse> {
      const { grant } = await onFile(caller, jobId, fileId, 'react');
      const actor = actorOf(caller, grant);
      await chargeGuest(caller, grant, actor);
      await changeWriter.transact(async (tx, changes) => {
        const at = now();
        if (await tx.comments.love({ jobId, fileId, actor, at }))
          await changes.reaction({ jobId, fileId }, { actor, at, cleared: false });
      });
      return { ok: true };
    },

    /** DELETE …/reaction: the caller's love is taken back; none is a no-op. */
    async unlove(caller: Caller, jobId: string, fileId: string): Promise<OkResponse> {
      const { grant } = await onFile(caller, jobId, fileId, 'react');
      const actor = actorOf(caller, grant);
      await changeWriter.transact(async (tx, changes) => {
        if (await tx.comments.unlove(jobId, fileId, actor))
          await changes.reaction({ jobId, fileId }, { actor, at: now(), cleared: true });
      });
      return { ok: true };
    },

    /**
     * POST /jobs/{id}/guests: a signed-out visitor gives a name ('' continues as guest) and
     * gets the token that names them in this album (see [Note: Guests]).
     */
    async becomeGuest(caller: Caller, jobId: string, name: string): Promise<GuestIdentity> {
      const grant = await access.requireJob(caller, jobId, 'joinAsGuest');
      await throttle.reserve([
        { key: `new-guest:${clientAddressKey(caller.clientIp)}`, policy: GUEST_THROTTLE.newGuest },
      ]);
      const id = randomUUID();
      await repos.comments.insertGuest({ id, job_id: jobId, name, created_at: now() });
      const token = access.issueGuestToken(grant, id);
      return { guest: token.guest, guest_id: id, name, expires: token.expires };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;

async function findIn(tx: Repositories, jobId: string, fileId: string, id: string): Promise<CommentView> {
  const found = await tx.comments.findComment(jobId, fileId, id);
  if (!found) throw new NotFoundError();
  return found;
}
