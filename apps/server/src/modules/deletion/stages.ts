import fs from 'node:fs';
import path from 'node:path';
import { Locale } from '@trove/contract';
import type { Repositories, Transact } from '../repositories.ts';
import { accountDeletedMail } from '../../mail/account-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { WorkHandler } from '../../queue/work-queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ChangeWriter } from '../changes/change-writer.ts';
import { dropDerivedFiles } from '../shares/derived-shares.ts';
import { RELEASE_BATCH, freeBytes, releaseAlbum, releaseBlobs, releaseFiles } from '../trash/release.ts';
import type { BillingHook } from './billing-hook.ts';
import type { DeletionRow } from './deletion.repository.ts';

/** The work item kind of an account deletion (payload `{ userId }`). */
export const DELETION_KIND = 'account_deletion';

/**
 * The stages of [Note: Account deletion], in order. `account_deletions.stage` names the next
 * one to run; each is idempotent, so a crash in the middle of one runs it again.
 */
export const DELETION_STAGES = [
  'billing',
  'shares',
  'comments',
  'files_elsewhere',
  'memberships',
  'own_jobs',
  'private',
  'blobs',
  'account',
  'notify',
] as const;
export type DeletionStage = (typeof DELETION_STAGES)[number];

/** Rows per batch where a batch is not one of files (comments, loves, memberships, jobs). */
const BATCH = 200;

export interface DeletionJobDeps {
  repos: Repositories;
  transact: Transact;
  changeWriter: ChangeWriter<Repositories>;
  store: Pick<BlobStore, 'delete'>;
  mailer: Pick<Mailer, 'send'>;
  billing: BillingHook;
  /** DATA_DIR: resumable uploads keep their bytes in DATA_DIR/resumable/<id>. */
  dataDir: string;
  now: () => number;
  log: (message: string) => void;
  /**
   * Runs before each stage; for the crash tests, which throw here to stop the job at a
   * stage of their choosing (as a kill would, without the process).
   */
  beforeStage?: (stage: DeletionStage, userId: string) => void | Promise<void>;
}

/** The job is early: its record is scheduled later than this process's clock says. */
class NotDueError extends Error {
  override name = 'NotDueError';
}

/**
 * The deletion job (see [Note: Account deletion]): resumes a due deletion at its recorded
 * stage and runs the stages to the end, recording each one done. Runs as a work item on
 * either queue; `giveUp` marks the deletion failed for the operator. `signal` stops it
 * between two stages or two batches, as a crash would but recording no failure (a worker
 * handing its items back, [Note: Work hand-back]); the next run resumes at the stage.
 */
export function createDeletionJob(deps: DeletionJobDeps) {
  const { repos, now } = deps;
  const warn = (object: object, message: string) => {
    deps.log(`${message} ${JSON.stringify(object)}`);
  };
  const stages = createStages(deps, warn);

  async function run(userId: string, signal?: AbortSignal): Promise<void> {
    const record = await repos.deletion.start(userId, now());
    if (!record) {
      const found = await repos.deletion.find(userId);
      // Restored, or done: nothing to do. Scheduled later than this clock says: not yet.
      if (found?.state === 'scheduled') throw new NotDueError(`deletion of ${userId} is not due yet`);
      return;
    }
    const from = DELETION_STAGES.indexOf(record.stage as DeletionStage);
    if (from < 0) return;
    try {
      for (const stage of DELETION_STAGES.slice(from)) {
        signal?.throwIfAborted();
        await deps.beforeStage?.(stage, userId);
        await stages[stage](record, signal);
        const next = DELETION_STAGES[DELETION_STAGES.indexOf(stage) + 1];
        if (next === undefined) await repos.deletion.finish(userId, now());
        // The account stage records its end in its own transaction.
        else if (stage !== 'account') await repos.deletion.advance(userId, next, now());
      }
    } catch (error) {
      // Stopped, not failed: the operator's list shows failures only.
      if (signal?.aborted) throw error;
      await repos.deletion.recordFailure(
        userId,
        error instanceof Error ? error.message : String(error),
        now(),
      );
      throw error;
    }
  }

  const handler: WorkHandler = async (payload, { signal }) => {
    await run(String(payload.userId), signal);
  };
  handler.giveUp = async (payload) => {
    await repos.deletion.markFailed(String(payload.userId), now());
  };
  return { run, handler };
}

/** What each stage does; every one may run again from its start. */
function createStages(
  deps: DeletionJobDeps,
  warn: (object: object, message: string) => void,
): Record<DeletionStage, (record: DeletionRow, signal?: AbortSignal) => Promise<void>> {
  const { repos, changeWriter, store, now } = deps;
  const leaving = repos.leaving;

  /** Removes every job of `ids()` for good, batch by batch ([Note: Releasing storage]). */
  async function removeJobs(ids: () => Promise<string[]>, signal?: AbortSignal): Promise<void> {
    for (let batch = await ids(); batch.length > 0; batch = await ids()) {
      for (const id of batch) {
        signal?.throwIfAborted();
        const released = await releaseAlbum(
          { repos, transact: deps.transact, store, warn, now },
          id,
          now() + 1,
        );
        if (!released.gone) throw new Error(`job ${id} could not be removed`);
      }
    }
  }

  return {
    billing: (record) => deps.billing.cancelForDeletion(record.user_id),

    /** The user's links: stopped at the request, their rows go now. */
    async shares(record, signal) {
      const by = record.user_id;
      // Stopped by the request; stopped again in case one was live (a job resumed by hand).
      await changeWriter.transact(async (tx, changes) => {
        const at = now();
        for (const id of await tx.deletion.stopSharesOf(by, at))
          await changes.eventMarker(id, { by, at, data: { event: 'stopped' } });
      });
      await removeJobs(() => leaving.ownedJobs(by, BATCH, 'share'), signal);
    },

    /**
     * Comments and loves in albums of others are removed, not kept under a "deleted user":
     * comments are flat (spec 000 §3 Comment), no thread needs one. Each goes with its
     * deletion record; the earlier records of the user's comments lose their text and name.
     */
    async comments(record, signal) {
      const userId = record.user_id;
      for (const jobId of await leaving.jobsWithCommentsOrMembership(userId)) {
        for (const row of await leaving.commentRecordsIn(jobId, userId)) {
          const data = JSON.parse(row.payload) as Record<string, unknown>;
          if (data.user !== userId || (data.comment === '' && data.author_name === '')) continue;
          const blank = JSON.stringify({ ...data, comment: '', author_name: '' });
          await leaving.setRecordPayload(row.job_id, row.serial, blank);
        }
      }
      for (let batch = await leaving.commentsElsewhere(userId, BATCH); batch.length > 0;) {
        signal?.throwIfAborted();
        const at = now();
        await changeWriter.transact(async (tx, changes) => {
          for (const comment of batch) {
            await tx.leaving.deleteComment(comment.id);
            await changes.comment(
              { ...comment, text: '', author_name: '' },
              { by: userId, at, deleted: true },
            );
          }
        });
        batch = await leaving.commentsElsewhere(userId, BATCH);
      }
      for (let batch = await leaving.reactionsElsewhere(userId, BATCH); batch.length > 0;) {
        signal?.throwIfAborted();
        const at = now();
        await changeWriter.transact(async (tx, changes) => {
          for (const love of batch) {
            await tx.leaving.deleteReaction(love.file_id, userId);
            const target = { jobId: love.job_id, fileId: love.file_id };
            await changes.reaction(target, { actor: { userId, guestId: null }, at, cleared: true });
          }
        });
        batch = await leaving.reactionsElsewhere(userId, BATCH);
      }
    },

    /**
     * What the user added to albums of others goes as their own deletion of it would, for
     * good: a type 1 record each (an active file), out of the shares made of it, its bytes
     * released when no file names them any more.
     */
    async files_elsewhere(record, signal) {
      const by = record.user_id;
      for (;;) {
        signal?.throwIfAborted();
        const released = await changeWriter.transact(async (tx, changes) => {
          const files = await tx.leaving.filesElsewhere(by, RELEASE_BATCH);
          const at = now();
          for (const file of files) if (file.state === 'active') await changes.fileRemoved(file, { by, at });
          await dropDerivedFiles(
            tx,
            changes,
            files.map((file) => file.id),
            { by, at },
          );
          return releaseFiles(tx, files);
        });
        await freeBytes(repos, store, released.keys, warn);
        if (released.deleted === 0) return;
      }
    },

    /** The user leaves every album of others; their members learn it (type 11 `members`). */
    async memberships(record, signal) {
      const userId = record.user_id;
      for (let batch = await leaving.membershipsElsewhere(userId, BATCH); batch.length > 0;) {
        signal?.throwIfAborted();
        const at = now();
        await changeWriter.transact(async (tx, changes) => {
          for (const jobId of batch) {
            await tx.leaving.deleteMembership(jobId, userId);
            await changes.eventMarker(jobId, { by: userId, at, data: { event: 'members' } });
          }
        });
        batch = await leaving.membershipsElsewhere(userId, BATCH);
      }
    },

    /**
     * The user's timeline and albums go for good, as a deleted album does (with what
     * participants added to them); participants are told the album was deleted.
     */
    async own_jobs(record, signal) {
      const userId = record.user_id;
      const at = now();
      await changeWriter.transact(async (tx, changes) => {
        for (const job of await tx.leaving.markOwnedDeleted(userId, at))
          if (job.type === 'story')
            await changes.eventMarker(job.id, { by: userId, at, data: { event: 'deleted' } });
      });
      await removeJobs(() => leaving.ownedJobs(userId, BATCH), signal);
    },

    /**
     * Consents, digital legacy, usage events, options, attributes, the profile picture and
     * its bytes, downloads, uploads in progress, devices.
     */
    async private(record) {
      for (const id of await leaving.resumableOf(record.user_id))
        await fs.promises.rm(path.join(deps.dataDir, 'resumable', id), { force: true });
      // The row goes first ([Note: Blob storage]): a crash before the bytes go leaves an
      // orphan for `trove fsck`, never a row naming nothing.
      const picture = await repos.profile.deletePicture(record.user_id);
      if (picture) for (const key of [picture.store_key, picture.thumb_key]) await store.delete(key);
      await leaving.deletePrivateRows(record.user_id, record.email);
    },

    /**
     * Whatever still holds the user's blobs: files of shares made before their sources were
     * recorded (migration 0012) go; a blob no file names is released. No other file may
     * name a blob of the user ([Note: Copies]): one that does stops the stage, named, for
     * the operator, rather than the account row taking bytes another user still shows.
     */
    async blobs(record, signal) {
      const by = record.user_id;
      for (let files = await leaving.foreignFilesOnBlobsOf(by, RELEASE_BATCH); files.length > 0;) {
        signal?.throwIfAborted();
        const stray = files.find((file) => file.job_type !== 'share');
        if (stray)
          throw new Error(
            `file ${stray.id} of a ${stray.job_type} of another user names a blob of the account`,
          );
        const released = await changeWriter.transact(async (tx, changes) => {
          const at = now();
          for (const file of files)
            if (file.state === 'active' && file.job_deleted_at === null)
              await changes.fileRemoved(file, { by, at });
          return releaseFiles(tx, files);
        });
        await freeBytes(repos, store, released.keys, warn);
        files = await leaving.foreignFilesOnBlobsOf(by, RELEASE_BATCH);
      }
      for (let blobs = await leaving.blobsOf(by, RELEASE_BATCH); blobs.length > 0;) {
        signal?.throwIfAborted();
        const released = await deps.transact((tx) => releaseBlobs(tx, blobs));
        await freeBytes(repos, store, released.keys, warn);
        const left = await leaving.blobsOf(by, RELEASE_BATCH);
        if (left[0] !== undefined && left[0] === blobs[0]) throw new Error(`blob ${left[0]} is still named`);
        blobs = left;
      }
    },

    /** The account row goes, and the job records that in the same transaction. */
    async account(record) {
      await deps.transact(async (tx) => {
        await tx.leaving.deleteAccount(record.user_id);
        await tx.deletion.advance(record.user_id, 'notify', now());
      });
    },

    /** Spec 001 §4: "an email is sent on completion", to the address of the request. */
    async notify(record) {
      if (record.email === '') return;
      const locale = Locale.safeParse(record.locale).data ?? 'en_US';
      await deps.mailer.send({ to: [record.email], ...accountDeletedMail(locale, record.requested_at) });
    },
  };
}
