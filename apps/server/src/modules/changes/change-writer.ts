import { ChangeType, type CommentChangeData, type ReactionChangeData } from '@trove/contract';
import type { Repositories, Transact } from '../../db/repositories.ts';
import type { Actor, CommentView } from '../comments/comments.repository.ts';
import { jobChannel, type EventBus } from '../../events/event-bus.ts';
import type { FileRow } from '../files/files.repository.ts';

/**
 * [Note: Change records] Every mutation a job's clients must learn of appends one change
 * record (spec 000 §3 Job change record: types 0, 1, 10, 11, 12, named by `ChangeType`), and
 * this module is the only writer of them:
 * - the record goes in with the mutation, in the caller's transaction, so a change is
 *   visible exactly when the mutation is (see [Note: Change serials] for how the serial is
 *   allocated);
 * - its data is built here from the row it describes, so uploads, trash, rollback and the
 *   media worker cannot describe the same file differently;
 * - after the transaction commits, every job that got a record is woken on the event bus
 *   (`job_changed:{id}`), which ends the long polls of its clients. Waking before the commit
 *   would let a poller read the old serial and sleep through the change.
 * New record types get a method on `ChangeRecorder`. A guest's records name no user
 * (`user_id` null; the data names the guest).
 */

/** Appends change records inside one transaction; see [Note: Change records]. */
export interface ChangeRecorder {
  /** Type 0: `file` was added to its job (or restored, with `isRollback`, or re-described). */
  fileAdded(file: FileRow, change: { by: string; at: number; isRollback: boolean }): Promise<number>;
  /**
   * Type 0 for each of `files`, all of one job, as `fileAdded` writes them one by one, with
   * one serial increment (a share made of 500 files). Returns the last serial.
   */
  filesAdded(files: readonly FileRow[], change: { by: string; at: number }): Promise<number>;
  /** Type 1: `file` was removed from its job (moved to the trash). */
  fileRemoved(file: FileRow, change: { by: string; at: number }): Promise<number>;
  /**
   * Type 11: something about the job itself changed (name, cover, privacy, permissions,
   * password, members, sort order, deletion); `data.event` names it, e.g. `{ event: 'name' }`.
   */
  eventMarker(jobId: string, change: { by: string; at: number; data: { event: string } }): Promise<number>;
  /**
   * Type 10: `comment` was written or edited, or with `deleted` removed (the record's comment
   * is then empty, spec 000 §3).
   */
  comment(comment: CommentView, change: { by: string | null; at: number; deleted: boolean }): Promise<number>;
  /** Type 12: `actor` loved the file, or with `cleared` took the love back (empty reaction). */
  reaction(
    target: { jobId: string; fileId: string },
    change: { actor: Actor; at: number; cleared: boolean },
  ): Promise<number>;
}

/** The one writer of change records: transactions whose changes wake the jobs' pollers. */
export interface ChangeWriter {
  /**
   * Runs `fn` in one transaction with repositories and a recorder bound to it; once it has
   * committed, wakes every job a record was written for. A rolled-back run wakes nobody.
   */
  transact<T>(fn: (tx: Repositories, changes: ChangeRecorder) => Promise<T>): Promise<T>;
}

/** Data of a type 0 change record (spec 000 §3 Job change record). */
function fileAddedData(file: FileRow, isRollback: boolean): Record<string, unknown> {
  const s = (ms: number) => Math.floor(ms / 1000);
  return {
    id: file.id,
    file_type: file.type,
    user_uuid: file.added_by,
    duration: file.duration,
    path: file.path,
    size: file.size,
    checksum: file.sha1,
    ctime: s(file.ctime),
    mtime: s(file.mtime),
    timestamp: s(file.taken_at),
    width: file.width,
    height: file.height,
    group_type: file.group_type,
    group_id: file.group_id,
    master: file.master,
    // The file's processing state when the record was written: a `failed` record ends the
    // upload panel's wait with "could not be processed" (contract FileAddedData).
    media_status: file.media_status,
    is_rollback: isRollback,
  };
}

/** Data of a type 10 change record (spec 000 §3 Job change record; contract CommentChangeData). */
function commentData(comment: CommentView, deleted: boolean): CommentChangeData {
  const s = (ms: number) => Math.floor(ms / 1000);
  return {
    comment: deleted ? '' : comment.text,
    comment_uuid: comment.id,
    timestamp: s(comment.created_at),
    file_id: comment.file_id,
    user: comment.user_id,
    guest_id: comment.guest_id,
    author_name: comment.author_name,
    last_edit_timestamp: comment.edited_at === null ? null : s(comment.edited_at),
  };
}

function createRecorder(tx: Repositories, touched: Set<string>): ChangeRecorder {
  async function append(
    target: { jobId: string; fileId: string | null },
    type: ChangeType,
    by: string | null,
    at: number,
    data: Record<string, unknown>,
  ): Promise<number> {
    const serial = await tx.changes.append({
      job_id: target.jobId,
      type,
      file_id: target.fileId,
      user_id: by,
      payload: JSON.stringify(data),
      created_at: at,
    });
    touched.add(target.jobId);
    return serial;
  }
  const of = (file: FileRow) => ({ jobId: file.job_id, fileId: file.id });
  return {
    fileAdded: (file, change) =>
      append(of(file), ChangeType.FileAdded, change.by, change.at, fileAddedData(file, change.isRollback)),
    filesAdded: async (files, change) => {
      const jobId = files[0]?.job_id;
      if (jobId === undefined || files.some((file) => file.job_id !== jobId))
        throw new Error('filesAdded takes files of one job');
      const serial = await tx.changes.appendMany(
        jobId,
        files.map((file) => ({
          type: ChangeType.FileAdded,
          file_id: file.id,
          user_id: change.by,
          payload: JSON.stringify(fileAddedData(file, false)),
          created_at: change.at,
        })),
      );
      touched.add(jobId);
      return serial;
    },
    fileRemoved: (file, change) =>
      append(of(file), ChangeType.FileRemoved, change.by, change.at, { id: file.id }),
    eventMarker: (jobId, change) =>
      append({ jobId, fileId: null }, ChangeType.EventMarker, change.by, change.at, change.data),
    comment: (comment, change) =>
      append(
        { jobId: comment.job_id, fileId: comment.file_id },
        ChangeType.Comment,
        change.by,
        change.at,
        commentData(comment, change.deleted),
      ),
    reaction: (target, change) => {
      const data: ReactionChangeData = {
        reaction: change.cleared ? '' : 'love',
        file_id: target.fileId,
        user: change.actor.userId,
        guest_id: change.actor.guestId,
        timestamp: Math.floor(change.at / 1000),
      };
      return append(target, ChangeType.Reaction, change.actor.userId, change.at, { ...data });
    },
  };
}

/** Builds the writer over the database's transactions and the bus that wakes pollers. */
export function createChangeWriter(deps: { transact: Transact; bus: EventBus }): ChangeWriter {
  return {
    async transact(fn) {
      const touched = new Set<string>();
      const result = await deps.transact((tx) => fn(tx, createRecorder(tx, touched)));
      await Promise.all([...touched].map((jobId) => deps.bus.publish(jobChannel(jobId), 'changed')));
      return result;
    },
  };
}
