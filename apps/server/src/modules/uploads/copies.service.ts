import { randomUUID } from 'node:crypto';
import type { CopyFilesBody, CopyResults } from '@trove/contract';
import type { Access, Caller } from '../../access/access.ts';
import type { Repositories } from '../../db/repositories.ts';
import { NotFoundError, QuotaExceededError, ValidationError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { ChangeRecorder, ChangeWriter } from '../changes/change-writer.ts';
import { recordFileAdded } from '../files/file-records.ts';
import type { BlobRow, FileRow } from '../files/files.repository.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import { mediaFactsOf } from './uploads.service.ts';

type SignedIn = Caller & { userId: string; sessionId: string };
type Result = CopyResults['results'][number];

/**
 * Inserts the copy of `source` into `target`, naming `blobId`, with its change record. The
 * media worker writes its facts to every file of the blob it renders; a copy of a pending
 * file may come after it passed, so the copy takes the facts of a processed file of the blob,
 * or the blob is queued again (a finished rendition is kept). `queued`: work was queued.
 */
export async function insertCopy(
  tx: Pick<Repositories, 'files' | 'workItems' | 'accounts'>,
  changes: ChangeRecorder,
  copy: { source: FileRow; target: JobRow; blobId: string; by: string; at: number },
): Promise<FileRow & { queued: boolean }> {
  const { source, target, blobId, by, at } = copy;
  const file: FileRow = {
    ...source,
    id: randomUUID(),
    job_id: target.id,
    blob_id: blobId,
    added_by: by,
    uploaded_at: at,
    state: 'active',
    dtime: null,
  };
  let queued = false;
  if (file.media_status === 'pending') {
    const processed = await tx.files.findProcessedOfBlob(blobId);
    if (processed) Object.assign(file, mediaFactsOf(processed));
    else {
      await tx.workItems.enqueue({ kind: 'media', payload: { blobId }, now: at });
      queued = true;
    }
  }
  await tx.files.insertFile(file);
  await recordFileAdded(tx, changes, file, {
    by,
    at,
    isRollback: false,
    isTimeline: target.type === 'timeline',
  });
  return { ...file, queued };
}

/**
 * [Note: Copies] Files copied between jobs never copy bytes:
 * - into an album (copy_files) the new file row names the source's blob: the album shows
 *   the same content, and nobody's storage grows (the bytes are counted once, for the
 *   blob's owner);
 * - into the caller's timeline (copy_to_timeline, keep-files) the file must become the
 *   caller's own (spec 000 §4 Upload item, §8 "Copy to timeline fails with 413"): it names
 *   the caller's blob of that content, and when they have none, a new blob row of theirs
 *   naming the same stored bytes (same store key), charged to their storage. A store key
 *   may so be named by several blob rows; bytes are only ever removed once no row names
 *   their key (fsck's orphan rule).
 * A target that already holds an active file of the content answers with that file, so a
 * retried copy never makes a duplicate.
 */
export function createCopiesService(deps: {
  repos: Pick<Repositories, 'files' | 'jobs'>;
  changeWriter: ChangeWriter;
  access: Access;
  bus: EventBus;
  baseQuotaBytes: number;
  now: () => number;
}) {
  const { repos, changeWriter, access, now } = deps;

  /** Copies `source` into `target` in one transaction; true in `queued` when media work was queued. */
  async function copyOne(
    userId: string,
    target: JobRow,
    source: FileRow,
    bytes: 'shared' | 'own',
  ): Promise<{ uuid: string; queued: boolean }> {
    return changeWriter.transact(async (tx, changes) => {
      const existing = await tx.files.findByChecksum(target.id, source.sha1);
      if (existing?.state === 'active') return { uuid: existing.id, queued: false };
      const t = now();
      let blobId = source.blob_id;
      if (bytes === 'own') {
        const own = await tx.files.findOwnerBlob(userId, source.sha1);
        if (own) blobId = own.id;
        else {
          const from = await tx.files.findBlob(source.blob_id);
          if (!from) throw new NotFoundError();
          const blob: BlobRow = { ...from, id: randomUUID(), owner_id: userId, created_at: t };
          if (!(await tx.accounts.reserveSpace(userId, blob.size, deps.baseQuotaBytes)))
            throw new QuotaExceededError();
          await tx.files.insertBlob(blob);
          await tx.media.copyDerivatives(from.id, blob.id);
          blobId = blob.id;
        }
      }
      const file = await insertCopy(tx, changes, { source, target, blobId, by: userId, at: t });
      return { uuid: file.id, queued: file.queued };
    });
  }

  /** Copies each file of `sourceJobId` that is active there; one result per id. */
  async function copyAll(
    userId: string,
    target: JobRow,
    sourceJobId: string,
    fileIds: readonly string[],
    bytes: 'shared' | 'own',
  ): Promise<CopyResults> {
    const results: Result[] = [];
    let queued = false;
    try {
      for (const fileId of fileIds) {
        const source = await repos.files.findFile(sourceJobId, fileId);
        if (source?.state !== 'active') {
          results.push({ file_uuid: fileId, status: 'error', error_reason: 'file_not_found' });
          continue;
        }
        const copied = await copyOne(userId, target, source, bytes);
        queued ||= copied.queued;
        const ids = bytes === 'own' ? { timeline_uuid: copied.uuid } : {};
        results.push({ file_uuid: fileId, status: 'ok', new_uuid: copied.uuid, ...ids });
      }
    } finally {
      if (queued) await deps.bus.publish(WORK_CHANNEL, 'media');
    }
    return { results };
  }

  /** The caller's timeline, if they may add to it (a read-only user may not: spec 001 §6). */
  async function timelineOf(caller: SignedIn): Promise<JobRow> {
    const timeline = await repos.jobs.findTimeline(caller.userId);
    if (!timeline) throw new NotFoundError();
    return (await access.requireJob({ ...caller, foreignAuth: null }, timeline.id, 'addPhotos')).job;
  }

  return {
    /**
     * POST /jobs/{id}/copy_to_timeline: files of a job the caller may copy from, into their
     * timeline as their own (see [Note: Copies]); 413 quota_exceeded when a file does not fit.
     */
    async copyToTimeline(caller: SignedIn, jobId: string, fileIds: readonly string[]): Promise<CopyResults> {
      await access.requireJob(caller, jobId, 'copyToTimeline');
      return copyAll(caller.userId, await timelineOf(caller), jobId, fileIds, 'own');
    },

    /** POST /jobs/{id}/keep-all-files: every active file of the album, as copy_to_timeline. */
    async keepAll(caller: SignedIn, jobId: string): Promise<CopyResults> {
      await access.requireJob(caller, jobId, 'copyToTimeline');
      const ids = await repos.files.listActiveIds(jobId);
      return copyAll(caller.userId, await timelineOf(caller), jobId, ids, 'own');
    },

    /**
     * POST /jobs/{id}/copy_files: files of a job the caller may read into this album, naming
     * the same blobs (see [Note: Copies]). Into the caller's timeline it is copy_to_timeline:
     * the files become their own.
     */
    async copyFiles(caller: SignedIn, albumId: string, body: CopyFilesBody): Promise<CopyResults> {
      const { job } = await access.requireJob(caller, albumId, 'addPhotos');
      if (job.type === 'timeline') {
        // Into itself it changes nothing: each file answers as already there.
        const from = body.source_job === job.id ? 'read' : 'copyToTimeline';
        await access.requireJob(caller, body.source_job, from);
        return copyAll(caller.userId, job, body.source_job, body.file_uuids, 'own');
      }
      if (job.type !== 'story') throw new ValidationError('copy_files copies into an album');
      await access.requireJob(caller, body.source_job, 'read');
      return copyAll(caller.userId, job, body.source_job, body.file_uuids, 'shared');
    },
  };
}
export type CopiesService = ReturnType<typeof createCopiesService>;
