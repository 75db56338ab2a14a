import { createHash, randomBytes, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, type UploadFields, type UploadResult } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Repositories } from '../repositories.ts';
import { DiskReserve } from '../../storage/disk-reserve.ts';
import { feed } from '../../storage/feed.ts';
import { SyncAhead } from '../../storage/sync-ahead.ts';
import {
  BadRequestError,
  ChecksumMismatchError,
  FileTooLargeError,
  NotFoundError,
  OffsetMismatchError,
  UnsupportedFileError,
  EmptyFileError,
} from '../../errors.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { ResumableRow } from './resumable.repository.ts';

/** What the server tells a tus client where the upload stands. */
export interface ResumableState {
  offset: number;
  length: number;
  /** Set once the last byte arrived: the same answer as POST /jobs/{id}/upload. */
  result?: UploadResult;
}

/**
 * [Note: Resumable uploads] Large files over bad connections (beyond the spec, issue #3):
 * tus 1.0 (core, creation, termination). The bytes so far live in DATA_DIR/resumable,
 * fsynced before the offset that a HEAD reports moves, so a client never resumes past
 * bytes the server could lose. When the last byte arrives, the file goes through the very
 * same upload path as a plain upload (hashing, checks, dedup, quota, commit); the answer is
 * kept, so a repeated final PATCH gets it again and never creates a second file. Partial
 * files are local to one server: a cluster routes an upload's requests to one node (or
 * shares DATA_DIR). Abandoned ones are removed by fsck.
 */
export function createResumableService(deps: {
  repos: Pick<Repositories, 'jobs' | 'resumable'>;
  uploads: UploadsService;
  access: Access;
  dataDir: string;
  /** Bytes left free on the data disk (see [Note: Disk reserve]); default none. */
  reserveBytes?: number;
  now: () => number;
}) {
  const { repos, now } = deps;
  const dir = path.join(deps.dataDir, 'resumable');
  fs.mkdirSync(dir, { recursive: true });
  const reserve = new DiskReserve(dir, deps.reserveBytes ?? 0);
  const fileOf = (id: string) => path.join(dir, id);
  // One PATCH at a time per upload in this process; a second one is told to retry.
  const busy = new Set<string>();
  // The SHA-1 of each upload's bytes so far, fed as PATCHes arrive (see finish).
  const hashes = new RunningHashes();

  async function ownUpload(auth: SignedInCaller, jobId: string, id: string): Promise<ResumableRow> {
    const row = /^[0-9a-f]{32}$/.test(id) ? await repos.resumable.find(auth.userId, id) : undefined;
    if (row?.job_id !== jobId) throw new NotFoundError();
    // The upload is the caller's, but the job may have been deleted since it began.
    await deps.access.requireJob(auth, jobId, 'addPhotos');
    return row;
  }

  async function finish(auth: SignedInCaller, row: ResumableRow): Promise<UploadResult> {
    const fields = JSON.parse(row.fields) as UploadFields;
    const running = hashes.take(row.id);
    // The file becomes the blob (a hard link on the fs store): no second copy of 10 GB
    // while the client waits on its last PATCH. The SHA-1 taken along the PATCHes spares
    // reading it again, unless this process did not see every byte (a restart between
    // PATCHes, a request that broke mid-write).
    const sha1 = running?.bytes === row.length ? running.hash.digest('hex') : undefined;
    let result: UploadResult;
    try {
      result = await deps.uploads.uploadFile(auth, row.job_id, fields, fileOf(row.id), sha1);
    } catch (error) {
      // Bytes that fail the checksum or the content check never will pass: the upload is
      // given up at once. Anything else (quota, a failing store) may pass on a retry.
      if (error instanceof ChecksumMismatchError || error instanceof UnsupportedFileError) {
        await repos.resumable.delete(row.id);
        await fs.promises.rm(fileOf(row.id), { force: true });
      }
      throw error;
    }
    await repos.resumable.setResult(row.id, JSON.stringify(result), now());
    await fs.promises.rm(fileOf(row.id), { force: true });
    return result;
  }

  return {
    /** POST /jobs/{id}/uploads (tus creation): checks what can be checked before any byte. */
    async create(auth: SignedInCaller, jobId: string, length: number, fields: UploadFields): Promise<string> {
      if (length > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
      if (length === 0) throw new EmptyFileError();
      await deps.uploads.precheck(auth, jobId, fields.path, length);
      const id = randomBytes(16).toString('hex');
      const handle = await fs.promises.open(fileOf(id), 'wx', 0o600);
      await handle.close();
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
        const file = fileOf(id);
        // Bytes past the acknowledged offset (a request that broke before its fsync) go.
        if ((await fs.promises.stat(file)).size !== row.offset) await fs.promises.truncate(file, row.offset);
        let received = row.offset;
        let failure: Error | undefined;
        const cap = new CapStream(row.length - row.offset);
        const running = hashes.continueAt(id, row.offset);
        const stopFeeding = feed(body, cap);
        try {
          await reserve.check();
          const output = await fs.promises.open(file, 'r+');
          await pipeline(
            cap,
            reserve.guard(),
            running ? new HashTap(running) : new PassThrough(),
            // Each PATCH ends in an fsync (see above); synced ahead, that one is short.
            new SyncAhead(output, { from: 0 }),
            // A 2 MiB buffer, as the blob store's: the socket flows while a write waits.
            fs.createWriteStream('', {
              fd: output,
              start: row.offset,
              flush: true,
              highWaterMark: 2 * 1024 * 1024,
            }),
          );
        } catch (error) {
          stopFeeding();
          failure = error instanceof Error ? error : new Error('the upload stream failed');
        }
        // A request with too many bytes is refused whole.
        if (cap.overflowed) await fs.promises.truncate(file, row.offset);
        if (failure) {
          // Whatever reached the file and survived an fsync is kept, so a broken connection
          // resumes where it broke, not at the start of the request.
          const handle = await fs.promises.open(file, 'r+');
          try {
            await handle.sync();
            received = Math.min((await handle.stat()).size, row.length);
          } finally {
            await handle.close();
          }
        } else {
          // A whole request was fsynced by the write stream (`flush`) before it closed.
          received = Math.min((await fs.promises.stat(file)).size, row.length);
        }
        // Bytes that were hashed but did not reach the file make the running hash useless.
        if (running && running.bytes !== received) hashes.delete(id);
        await repos.resumable.setOffset(id, received, now());
        if (failure) throw failure;
        if (cap.overflowed) {
          throw new BadRequestError('The request carries more bytes than the upload declared');
        }
        if (received < row.length) return { offset: received, length: row.length };
        const result = await finish(auth, { ...row, offset: received });
        return { offset: row.length, length: row.length, result };
      } finally {
        busy.delete(id);
      }
    },

    /** DELETE /jobs/{id}/uploads/{uploadId} (tus termination). */
    async terminate(auth: SignedInCaller, jobId: string, id: string): Promise<void> {
      const row = await ownUpload(auth, jobId, id);
      hashes.delete(row.id);
      await repos.resumable.delete(row.id);
      await fs.promises.rm(fileOf(row.id), { force: true });
    },
  };
}
export type ResumableService = ReturnType<typeof createResumableService>;

/**
 * Lets at most `limit` bytes through: a client may not write past Upload-Length. Past it,
 * the rest of the request is read and dropped (not an error, which would cut the
 * connection before the client hears why), and `overflowed` says so.
 */
class CapStream extends Transform {
  #left: number;
  overflowed = false;
  constructor(limit: number) {
    super();
    this.#left = limit;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.overflowed || chunk.length > this.#left) {
      this.overflowed = true;
      callback();
      return;
    }
    this.#left -= chunk.length;
    callback(null, chunk);
  }
}

/** A SHA-1 in progress and how many bytes it has taken. */
interface RunningHash {
  hash: Hash;
  bytes: number;
}

/**
 * The running SHA-1 of uploads in progress, by upload id. Node cannot save a hash's state,
 * so it lives in memory: an upload whose hash is lost (a restart, another node, an evicted
 * entry) is hashed from its file when it finishes. Bounded, oldest first out, so abandoned
 * uploads cannot grow it.
 */
class RunningHashes {
  static readonly MAX = 10_000;
  readonly #byId = new Map<string, RunningHash>();

  /** The hash to feed bytes from `offset` on, or undefined when it cannot be continued. */
  continueAt(id: string, offset: number): RunningHash | undefined {
    const running = this.#byId.get(id);
    if (running?.bytes === offset) return running;
    this.#byId.delete(id);
    if (offset !== 0) return undefined;
    if (this.#byId.size >= RunningHashes.MAX) {
      const oldest = this.#byId.keys().next();
      if (!oldest.done) this.#byId.delete(oldest.value);
    }
    const fresh = { hash: createHash('sha1'), bytes: 0 };
    this.#byId.set(id, fresh);
    return fresh;
  }

  /** The hash of `id`, no longer kept. */
  take(id: string): RunningHash | undefined {
    const running = this.#byId.get(id);
    this.#byId.delete(id);
    return running;
  }

  delete(id: string): void {
    this.#byId.delete(id);
  }
}

/** Feeds what passes through into a running hash. */
class HashTap extends Transform {
  readonly #running: RunningHash;
  constructor(running: RunningHash) {
    super();
    this.#running = running;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#running.hash.update(chunk);
    this.#running.bytes += chunk.length;
    callback(null, chunk);
  }
}
