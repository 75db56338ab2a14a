import type { FileHandle } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

const MiB = 1024 * 1024;
const SYNC_FROM = 16 * MiB;
const SYNC_EVERY = 4 * MiB;

/**
 * [Note: Sync ahead] Passes bytes on to a file's write stream and, past the first 16 MiB
 * (a photo is left to its one final fsync), every 4 MiB asks the disk to write back what
 * has reached the file so far (fdatasync, at most one at a time, not waited for). Left
 * alone the kernel holds up to gigabytes of dirty pages, so the fsync that makes an upload
 * durable then stalls for seconds while the socket sits idle; synced ahead, the disk writes while bytes still arrive, and the final fsync finds little to do.
 * Its errors are not reported here: the final fsync (the stream's `flush`) reports them.
 * The handle must be the one the write stream writes through, so that closing it waits for
 * a sync still in flight. Measured (bench/ingest.ts, 5 GiB): multipart ingest rose from
 * ~340 to ~450 MB/s, and tus (one fsync per PATCH) from ~220 to ~300 MB/s.
 */
export class SyncAhead extends Transform {
  readonly #handle: FileHandle;
  readonly #from: number;
  #passed = 0;
  #sinceSync = 0;
  #syncing = false;

  /** `from`: bytes before the first sync; 0 for a piece of a file known to be large. */
  constructor(handle: FileHandle, options: { from?: number } = {}) {
    super();
    this.#handle = handle;
    this.#from = options.from ?? SYNC_FROM;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#passed += chunk.length;
    this.#sinceSync += chunk.length;
    if (this.#passed >= this.#from && this.#sinceSync >= SYNC_EVERY && !this.#syncing) {
      this.#sinceSync = 0;
      this.#syncing = true;
      this.#handle
        .datasync()
        .catch(() => undefined)
        .finally(() => {
          this.#syncing = false;
        });
    }
    callback(null, chunk);
  }
}
