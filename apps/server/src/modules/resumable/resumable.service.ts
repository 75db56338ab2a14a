import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, type UploadFields, type UploadResult } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Repositories } from '../repositories.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import {
  BadRequestError,
  ChecksumMismatchError,
  FileTooLargeError,
  NotFoundError,
  OffsetMismatchError,
  RateLimitedError,
  UnsupportedFileError,
  EmptyFileError,
} from '../../errors.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { ABANDONED_AFTER_MS, type ResumableRow } from './resumable.repository.ts';
import { createLocalPartials } from './local-partials.ts';
import { createStorePartials } from './store-partials.ts';
import type { Partials } from './partials.ts';

/** What the server tells a tus client where the upload stands. */
export interface ResumableState {
  offset: number;
  length: number;
  /** Set once the last byte arrived: the same answer as POST /jobs/{id}/upload. */
  result?: UploadResult;
}

/**
 * [Note: Resumable limits] What one user's unfinished uploads may hold (issue #26), since
 * their bytes sit outside the storage the user pays for until the last one arrives:
 * - the bytes they hold count against the user's storage: a new upload, and each PATCH,
 *   must fit beside them, so 1 GB free never becomes a terabyte of parts;
 * - at most `maxOpen` unfinished uploads per user (the web client runs four at a time);
 * - at most `maxParts` parts per upload in the blob store (S3's own multipart limit): the
 *   last one must carry the rest, so a client sending one byte per PATCH cannot make a
 *   million objects and rows. With the web client's 64 MiB PATCHes that is 640 GB, past
 *   MAX_UPLOAD_BYTES; a standard tus client sends the whole file in one PATCH.
 * Uploads untouched for ABANDONED_AFTER_MS count no more: the hourly purge removes them.
 */
export interface ResumableLimits {
  maxParts: number;
  maxOpen: number;
}
export const RESUMABLE_LIMITS: ResumableLimits = { maxParts: 10_000, maxOpen: 100 };

/**
 * [Note: Resumable uploads] Large files over bad connections (beyond the spec, issue #3):
 * tus 1.0 (core, creation, termination). The offset a HEAD reports counts only bytes kept
 * durably, so a client never resumes past bytes the server could lose; it lives in the
 * database and moves by compare-and-set, so two requests (on one node or two) can never
 * both count. The bytes wait in one of two places (partials.ts): a file in DATA_DIR for
 * the fs store, parts in the blob store for S3, where every node behind a load balancer
 * reaches them (issue #26). When the last byte arrives, the file goes through the very same
 * upload path as a plain upload (hashing, checks, dedup, quota, commit); the answer is
 * kept, so a repeated final PATCH gets it again and never creates a second file. Abandoned
 * uploads are removed by fsck.
 */
export function createResumableService(deps: {
  repos: Pick<Repositories, 'jobs' | 'resumable'>;
  uploads: UploadsService;
  access: Access;
  dataDir: string;
  store: BlobStore;
  /** Where bytes wait; default: a local file for the fs store, parts in the store for S3. */
  partials?: 'local' | 'store';
  /** Bytes left free on the data disk (see [Note: Disk reserve]); default none. */
  reserveBytes?: number;
  /** See [Note: Resumable limits]; RESUMABLE_LIMITS by default (tests lower them). */
  limits?: Partial<ResumableLimits>;
  now: () => number;
}) {
  const { repos, now } = deps;
  const limits = { ...RESUMABLE_LIMITS, ...deps.limits };
  const partials: Partials =
    (deps.partials ?? (deps.store.kind === 'fs' ? 'local' : 'store')) === 'local'
      ? createLocalPartials({
          dataDir: deps.dataDir,
          uploads: deps.uploads,
          reserveBytes: deps.reserveBytes ?? 0,
        })
      : createStorePartials({ store: deps.store, resumable: repos.resumable, uploads: deps.uploads });
  // One PATCH at a time per upload in this process; a second one is told to retry at once
  // rather than after writing its bytes (the offset's compare-and-set guards other nodes).
  const busy = new Set<string>();

  async function ownUpload(auth: SignedInCaller, jobId: string, id: string): Promise<ResumableRow> {
    const row = /^[0-9a-f]{32}$/.test(id) ? await repos.resumable.find(auth.userId, id) : undefined;
    if (row?.job_id !== jobId) throw new NotFoundError();
    // The upload is the caller's, but the job may have been deleted since it began.
    await deps.access.requireJob(auth, jobId, 'addPhotos');
    return row;
  }

  /** Removes an upload, row first, then whatever bytes it had. */
  async function remove(id: string): Promise<void> {
    const partKeys = await repos.resumable.delete(id);
    await partials.remove(id, partKeys);
  }

  /**
   * The checks that need no bytes, with the bytes the caller's other unfinished uploads
   * hold counted as used (see [Note: Resumable limits]).
   */
  async function precheck(
    auth: SignedInCaller,
    jobId: string,
    fields: UploadFields,
    length: number,
    id?: string,
  ) {
    const open = await repos.resumable.openOf(auth.userId, now() - ABANDONED_AFTER_MS, id);
    // Access first: a caller who may not add here hears "not found", never about its uploads.
    await deps.uploads.precheck(auth, jobId, fields.path, open.held + length);
    if (!id && open.count >= limits.maxOpen) {
      throw new RateLimitedError(
        60,
        'rate_limited',
        `Too many unfinished uploads (${String(limits.maxOpen)}): finish or cancel some first`,
      );
    }
  }

  async function finish(auth: SignedInCaller, row: ResumableRow): Promise<UploadResult> {
    let result: UploadResult;
    try {
      result = await partials.finish(auth, row);
    } catch (error) {
      // Bytes that fail the checksum or the content check never will pass: the upload is
      // given up at once. Anything else (quota, a failing store) may pass on a retry.
      if (error instanceof ChecksumMismatchError || error instanceof UnsupportedFileError)
        await remove(row.id);
      throw error;
    }
    await repos.resumable.setResult(row.id, JSON.stringify(result), now());
    await partials.release(row.id);
    return result;
  }

  return {
    /** Where bytes wait, for tests and `trove doctor`. */
    partialsKind: partials.kind,

    /** POST /jobs/{id}/uploads (tus creation): checks what can be checked before any byte. */
    async create(auth: SignedInCaller, jobId: string, length: number, fields: UploadFields): Promise<string> {
      if (length > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
      if (length === 0) throw new EmptyFileError();
      await precheck(auth, jobId, fields, length);
      const id = randomBytes(16).toString('hex');
      await partials.create(id);
      const t = now();
      await repos.resumable.insert({
        id,
        user_id: auth.userId,
        job_id: jobId,
        length,
        offset: 0,
        fields: JSON.stringify(fields),
        result: null,
        created_at: t,
        updated_at: t,
      });
      return id;
    },

    /** HEAD /jobs/{id}/uploads/{uploadId}: where to resume. */
    async status(auth: SignedInCaller, jobId: string, id: string): Promise<ResumableState> {
      const row = await ownUpload(auth, jobId, id);
      return { offset: row.result ? row.length : row.offset, length: row.length };
    },

    /** PATCH /jobs/{id}/uploads/{uploadId}: appends bytes at `offset`; the last ones finish it. */
    async append(
      auth: SignedInCaller,
      jobId: string,
      id: string,
      offset: number,
      body: Readable,
    ): Promise<ResumableState> {
      const row = await ownUpload(auth, jobId, id);
      if (row.result) {
        body.resume();
        return { offset: row.length, length: row.length, result: JSON.parse(row.result) as UploadResult };
      }
      if (busy.has(id)) throw new OffsetMismatchError('Another request is writing this upload');
      if (offset !== row.offset) {
        throw new OffsetMismatchError(`The upload is at offset ${String(row.offset)}`);
      }
      busy.add(id);
      try {
        if (row.offset < row.length) {
          // Storage used since the upload began may leave it no room: refused before its bytes.
          await precheck(auth, jobId, JSON.parse(row.fields) as UploadFields, row.length, id);
          const lastPart =
            partials.kind === 'store' && (await repos.resumable.countParts(id)) >= limits.maxParts - 1;
          const written = await partials.write(row, body);
          if (lastPart && written.received < row.length) {
            await partials.discard(id, written);
            throw new BadRequestError(
              `This upload is in ${String(limits.maxParts - 1)} parts: send the rest in one request`,
            );
          }
          if (written.received > row.offset) {
            const moved = await repos.resumable.advance(
              id,
              row.offset,
              written.received,
              now(),
              written.part,
            );
            if (!moved) {
              await partials.discard(id, written);
              throw new OffsetMismatchError('Another request wrote this upload first');
            }
          }
          if (written.failure) throw written.failure;
          if (written.overflowed) {
            throw new BadRequestError('The request carries more bytes than the upload declared');
          }
          if (written.received < row.length) return { offset: written.received, length: row.length };
        } else {
          // Every byte is in, but the answer is not: the last PATCH broke while finishing.
          body.resume();
        }
        const result = await finish(auth, { ...row, offset: row.length });
        return { offset: row.length, length: row.length, result };
      } finally {
        busy.delete(id);
      }
    },

    /** DELETE /jobs/{id}/uploads/{uploadId} (tus termination). */
    async terminate(auth: SignedInCaller, jobId: string, id: string): Promise<void> {
      const row = await ownUpload(auth, jobId, id);
      await remove(row.id);
    },
  };
}
export type ResumableService = ReturnType<typeof createResumableService>;
