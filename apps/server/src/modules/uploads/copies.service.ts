import { randomUUID } from 'node:crypto';
import type { CopyFilesBody, CopyResults } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError, QuotaExceededError, ValidationError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { WORK_CHANNEL } from '../../queue/work-queue.ts';
import type { ChangeRecorder, ChangeWriter } from '../changes/change-writer.ts';
import { counterOf, metadataWithoutPosition, uploaderOf } from '../files/file-records.ts';
import type { BlobRow, FileRow } from '../files/files.repository.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import { mediaFactsOf } from './uploads.service.ts';

type Result = CopyResults['results'][number];

/** One copy to insert: `source`'s row, naming `blobId` (the adder's bytes, or a share's). */
export interface CopyOf {
  source: FileRow;
  blobId: string;
}

/**
 * Inserts copies into `target` (added by `by` at `at`), with their change records, in a few
 * statements whatever their number (a share of 500 files). Each copy keeps its source's
 * uploader; where it was taken and the folders it came from stay the uploader's alone, so a
 * copy added by anyone else has no position and its name as its path (see [Note: Copies]). `derived`: the copies are a share's, which record
 * the file each was made from ([Note: Derived shares]). The media worker writes its facts to
 * every file of the blob it renders; a copy of a pending file may come after it passed, so a
 * copy takes the facts of a processed file of the blob, or the blob is queued again (a
 * finished rendition is kept). `queued`: work was queued.
 */
export async function insertCopies(
  tx: Pick<Repositories, 'files' | 'workItems' | 'accounts'>,
  changes: ChangeRecorder,
  copies: readonly CopyOf[],
  into: { target: JobRow; by: string; at: number; derived: boolean },
): Promise<{ files: FileRow[]; queued: boolean }> {
  const { target, by, at } = into;
  if (copies.length === 0) return { files: [], queued: false };
  const pending = copies.filter((copy) => copy.source.media_status === 'pending').map((copy) => copy.blobId);
  const processed = await tx.files.processedOfBlobs(pending);
  const toQueue = new Set<string>();
  const files = copies.map(({ source, blobId }) => {
    const uploader = uploaderOf(source);
    let file: FileRow = {
      ...source,
      id: randomUUID(),
      job_id: target.id,
      blob_id: blobId,
      added_by: by,
      uploaded_by: uploader,
      source_file_id: into.derived ? source.id : null,
      uploaded_at: at,
      state: 'active',
      dtime: null,
    };
    if (file.media_status === 'pending') {
      const facts = processed.get(blobId);
      if (facts) file = { ...file, ...mediaFactsOf(facts) };
      else toQueue.add(blobId);
    }
    // The place and the folders are the uploader's ([Note: Who sees a file's details]).
    if (uploader !== by)
      file = { ...file, metadata: metadataWithoutPosition(file.metadata), path: file.name };
    return file;
  });
  if (toQueue.size > 0)
    await tx.workItems.enqueueMany(
      'media',
      [...toQueue].map((blobId) => ({ blobId })),
      at,
    );
  await tx.files.insertFiles(files);
  // The counters of spec 001 §3 describe the library (see `recordFileAdded`).
  if (target.type === 'timeline') {
    const counts = new Map<ReturnType<typeof counterOf>, number>();
    for (const file of files) counts.set(counterOf(file), (counts.get(counterOf(file)) ?? 0) + 1);
    for (const [counter, n] of counts) await tx.accounts.addToCounter(by, counter, n);
  }
  await changes.filesAdded(files, { by, at });
  return { files, queued: toQueue.size > 0 };
}

/**
 * [Note: Copies] Files copied between jobs never copy bytes:
 * - every copy (copy_to_timeline, keep-files, copy_files into an album) becomes the
 *   caller's own (spec 000 §4 Upload item, §8 "Copy to timeline fails with 413"): it names
 *   the caller's blob of that content, and when they have none, a new blob row of theirs
 *   naming the same stored bytes (same store key), charged to their storage (413
 *   quota_exceeded when it does not fit). A copy naming the source's blob would pin the
 *   uploader's bytes and charge: their deletion for good could free nothing while the copier
 *   kept the photo (issue #23). A store key may so be named by several blob rows; bytes are
 *   only ever removed once no row names their key (fsck's orphan rule);
 * - only a share's files name their source's blob ([Note: Shares]): they go when the source
 *   leaves ([Note: Derived shares]), so they pin nothing for longer than the share's purge;
 * - a copy keeps its source's uploader (`uploaded_by`, the one who took or uploaded the
 *   bytes) apart from who added it (`added_by`); its position (latitude, longitude) and the
 *   folders of its path are kept only when the uploader adds it, and the metadata call shows
 *   position to the uploader alone (docs/SPEC-DEVIATIONS.md "metadata position", [Note: Who
 *   sees a file's details]).
 * A target that already holds an active file of the content answers with that file, so a
 * retried copy never makes a duplicate.
 */
export function createCopiesService(deps: {
  repos: Pick<Repositories, 'files' | 'jobs'>;
  changeWriter: ChangeWriter<Repositories>;
  access: Access;
  bus: EventBus;
  baseQuotaBytes: number;
  now: () => number;
}) {
  const { repos, changeWriter, access, now } = deps;

  /**
   * Copies `source` into `target` as the caller's own bytes, in one transaction; true in
   * `queued` when media work was queued.
   */
  async function copyOne(
    userId: string,
    target: JobRow,
    source: FileRow,
  ): Promise<{ uuid: string; queued: boolean }> {
    return changeWriter.transact(async (tx, changes) => {
      const existing = await tx.files.findByChecksum(target.id, source.sha1);
      if (existing?.state === 'active') return { uuid: existing.id, queued: false };
      const t = now();
      let blobId: string;
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
      const { files, queued } = await insertCopies(tx, changes, [{ source, blobId }], {
        target,
        by: userId,
        at: t,
        derived: false,
      });
      const [file] = files;
      if (!file) throw new Error('unreachable: one copy was inserted');
      return { uuid: file.id, queued };
    });
  }

  /** Copies each file of `sourceJobId` that is active there; one result per id. */
  async function copyAll(
    userId: string,
    target: JobRow,
    sourceJobId: string,
    fileIds: readonly string[],
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
        const copied = await copyOne(userId, target, source);
        queued ||= copied.queued;
        const ids = target.type === 'timeline' ? { timeline_uuid: copied.uuid } : {};
        results.push({ file_uuid: fileId, status: 'ok', new_uuid: copied.uuid, ...ids });
      }
    } finally {
      if (queued) await deps.bus.publish(WORK_CHANNEL, 'media');
    }
    return { results };
  }

  /** The caller's timeline, if they may add to it (a read-only user may not: spec 001 §6). */
  async function timelineOf(caller: SignedInCaller): Promise<JobRow> {
    const timeline = await repos.jobs.findTimeline(caller.userId);
    if (!timeline) throw new NotFoundError();
    return (await access.requireJob({ ...caller, foreignAuth: null }, timeline.id, 'addPhotos')).job;
  }

  return {
    /**
     * POST /jobs/{id}/copy_to_timeline: files of a job the caller may copy from, into their
     * timeline as their own (see [Note: Copies]); 413 quota_exceeded when a file does not fit.
     */
    async copyToTimeline(
      caller: SignedInCaller,
      jobId: string,
      fileIds: readonly string[],
    ): Promise<CopyResults> {
      await access.requireJob(caller, jobId, 'copyToTimeline');
      return copyAll(caller.userId, await timelineOf(caller), jobId, fileIds);
    },

    /** POST /jobs/{id}/keep-all-files: every active file of the album, as copy_to_timeline. */
    async keepAll(caller: SignedInCaller, jobId: string): Promise<CopyResults> {
      await access.requireJob(caller, jobId, 'copyToTimeline');
      const ids = await repos.files.listActiveIds(jobId);
      return copyAll(caller.userId, await timelineOf(caller), jobId, ids);
    },

    /**
     * POST /jobs/{id}/copy_files: files of a job the caller may read into this album, as the
     * caller's own bytes (see [Note: Copies]); into the caller's timeline it is
     * copy_to_timeline.
     */
    async copyFiles(caller: SignedInCaller, albumId: string, body: CopyFilesBody): Promise<CopyResults> {
      const { job } = await access.requireJob(caller, albumId, 'addPhotos');
      if (job.type === 'timeline') {
        // Into itself it changes nothing: each file answers as already there.
        const from = body.source_job === job.id ? 'read' : 'copyToTimeline';
        await access.requireJob(caller, body.source_job, from);
        return copyAll(caller.userId, job, body.source_job, body.file_uuids);
      }
      if (job.type !== 'story') throw new ValidationError('copy_files copies into an album');
      await access.requireJob(caller, body.source_job, 'read');
      return copyAll(caller.userId, job, body.source_job, body.file_uuids);
    },
  };
}
export type CopiesService = ReturnType<typeof createCopiesService>;
