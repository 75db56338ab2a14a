import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadFields, UploadResult } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import { NotFoundError } from '../../errors.ts';
import { DiskReserve } from '../../storage/disk-reserve.ts';
import { feed } from '../../storage/feed.ts';
import { SyncAhead } from '../../storage/sync-ahead.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { ResumableRow } from './resumable.repository.ts';
import { CapStream, type Partials, type Written } from './partials.ts';

/**
 * One file per upload in DATA_DIR/resumable, for the fs blob store: each PATCH appends at
 * the recorded offset and ends in an fsync, and the finished file becomes the blob by a
 * hard link (no second copy of 10 GB while the client waits on its last PATCH). Several
 * nodes on the fs store share DATA_DIR, so they share these files too. A file missing
 * here (a DATA_DIR that is not shared) answers 404, never 500: the client starts over.
 */
export function createLocalPartials(deps: {
  dataDir: string;
  uploads: UploadsService;
  /** Bytes left free on the data disk (see [Note: Disk reserve]). */
  reserveBytes: number;
}): Partials {
  const dir = path.join(deps.dataDir, 'resumable');
  fs.mkdirSync(dir, { recursive: true });
  const reserve = new DiskReserve(dir, deps.reserveBytes);
  const fileOf = (id: string) => path.join(dir, id);
  // The SHA-1 of each upload's bytes so far, fed as PATCHes arrive (see finish).
  const hashes = new RunningHashes();

  return {
    kind: 'local',

    async create(id: string) {
      const handle = await fs.promises.open(fileOf(id), 'wx', 0o600);
      await handle.close();
    },

    async write(row: ResumableRow, body: Readable): Promise<Written> {
      const file = fileOf(row.id);
      const size = await fs.promises.stat(file).then(
        (stat) => stat.size,
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError();
          throw error;
        },
      );
      // Bytes past the acknowledged offset (a request that broke before its fsync) go.
      if (size !== row.offset) await fs.promises.truncate(file, row.offset);
      let failure: Error | undefined;
      const cap = new CapStream(row.length - row.offset);
      const running = hashes.continueAt(row.id, row.offset);
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
      let received: number;
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
      if (running && running.bytes !== received) hashes.delete(row.id);
      return { received, overflowed: cap.overflowed, ...(failure && { failure }) };
    },

    discard(id: string) {
      // The bytes stay: the winner's next PATCH truncates to the offset it recorded.
      hashes.delete(id);
      return Promise.resolve();
    },

    async finish(auth: SignedInCaller, row: ResumableRow): Promise<UploadResult> {
      const fields = JSON.parse(row.fields) as UploadFields;
      const running = hashes.take(row.id);
      // The SHA-1 taken along the PATCHes spares reading the file again, unless this
      // process did not see every byte (a restart between PATCHes, a request that broke
      // mid-write, another node).
      const sha1 = running?.bytes === row.length ? running.hash.digest('hex') : undefined;
      const file = fileOf(row.id);
      if (!fs.existsSync(file)) throw new NotFoundError();
      return deps.uploads.uploadFile(auth, row.job_id, fields, file, sha1);
    },

    async release(id: string) {
      await fs.promises.rm(fileOf(id), { force: true });
    },

    async remove(id: string) {
      hashes.delete(id);
      await fs.promises.rm(fileOf(id), { force: true });
    },
  };
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
