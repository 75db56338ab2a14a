import type { Kysely, Selectable } from 'kysely';
import { ChangeType, type CommentChangeData, type ReactionChangeData } from '@trove/contract';
import { insertRows } from '../../db/insert-rows.ts';
import type { Database, FilesTable, JobEventsTable } from '../../db/schema.ts';
import { jobChannel, type EventBus } from '../../events/event-bus.ts';

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
 *
 * The rows are inserted in this file only: the repositories handed to services read the
 * change log and cannot append to it (the lint forbids inserting into `job_events` anywhere
 * else, and `repositories.test.ts` fails to compile if the services' bundle could).
 */

type FileRow = Selectable<FilesTable>;
type JobEventRow = Selectable<JobEventsTable>;

/** The comment a type 10 record describes (the comments repository's `CommentView`). */
export interface CommentOfRecord {
  id: string;
  job_id: string;
  file_id: string;
  user_id: string | null;
  guest_id: string | null;
  author_name: string;
  text: string;
  created_at: number;
  edited_at: number | null;
}

/** Who loved a file: a user or a guest of the album. */
type Lover = { userId: string; guestId: null } | { userId: null; guestId: string };

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
  comment(
    comment: CommentOfRecord,
    change: { by: string | null; at: number; deleted: boolean },
  ): Promise<number>;
  /** Type 12: `actor` loved the file, or with `cleared` took the love back (empty reaction). */
  reaction(
    target: { jobId: string; fileId: string },
    change: { actor: Lover; at: number; cleared: boolean },
  ): Promise<number>;
}

/**
 * The one writer of change records: transactions whose changes wake the jobs' pollers. `Tx`
 * is what the transaction is handed as (the repositories, `modules/repositories.ts`), so this
 * module needs no other module.
 */
export interface ChangeWriter<Tx> {
  /**
   * Runs `fn` in one transaction with repositories and a recorder bound to it; once it has
   * committed, wakes every job a record was written for. A rolled-back run wakes nobody.
   */
  transact<T>(fn: (tx: Tx, changes: ChangeRecorder) => Promise<T>): Promise<T>;
}

/**
 * [Note: Change serials] Every mutation of a job appends one record with the job's next
 * serial, in the same transaction as the mutation: the increment of `jobs.last_event_serial`
 * locks the job row, so serials are dense, ordered and never reused, and a reader that saw
 * serial N has seen every change up to N.
 */
async function appendOne(trx: Kysely<Database>, event: Omit<JobEventRow, 'serial'>): Promise<number> {
  const { last_event_serial } = await trx
    .updateTable('jobs')
    .set((eb) => ({ last_event_serial: eb('last_event_serial', '+', 1), updated_at: event.created_at }))
    .where('id', '=', event.job_id)
    .returning('last_event_serial')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('job_events')
    .values({ ...event, serial: last_event_serial })
    .execute();
  return last_event_serial;
}

/**
 * Appends changes of one job at once (a share of 500 files): one increment of the serial by
 * their number, then their rows with the serials it freed, in order. Returns the last.
 */
async function appendMany(
  trx: Kysely<Database>,
  jobId: string,
  events: readonly Omit<JobEventRow, 'serial' | 'job_id'>[],
): Promise<number> {
  const last = events.at(-1);
  if (!last) throw new Error('appendMany needs at least one change');
  const { last_event_serial } = await trx
    .updateTable('jobs')
    .set((eb) => ({
      last_event_serial: eb('last_event_serial', '+', events.length),
      updated_at: last.created_at,
    }))
    .where('id', '=', jobId)
    .returning('last_event_serial')
    .executeTakeFirstOrThrow();
  const first = last_event_serial - events.length + 1;
  const rows = events.map((event, i) => ({ ...event, job_id: jobId, serial: first + i }));
  // 7 columns a row: 1,000 rows stay under SQLite's 32,766 bound variables.
  await insertRows(trx, 'job_events', rows, 1000);
  return last_event_serial;
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
function commentData(comment: CommentOfRecord, deleted: boolean): CommentChangeData {
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

function createRecorder(trx: Kysely<Database>, touched: Set<string>): ChangeRecorder {
  async function append(
    target: { jobId: string; fileId: string | null },
    type: ChangeType,
    by: string | null,
    at: number,
    data: Record<string, unknown>,
  ): Promise<number> {
    const serial = await appendOne(trx, {
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
      const serial = await appendMany(
        trx,
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

/**
 * Builds the writer over the database, the bus that wakes pollers, and `bind`, which makes
 * what a transaction is handed (`createRepositories`).
 */
export function createChangeWriter<Tx>(deps: {
  db: Kysely<Database>;
  bind: (trx: Kysely<Database>) => Tx;
  bus: EventBus;
}): ChangeWriter<Tx> {
  return {
    async transact(fn) {
      const touched = new Set<string>();
      const result = await deps.db
        .transaction()
        .execute((trx) => fn(deps.bind(trx), createRecorder(trx, touched)));
      await Promise.all([...touched].map((jobId) => deps.bus.publish(jobChannel(jobId), 'changed')));
      return result;
    },
  };
}
