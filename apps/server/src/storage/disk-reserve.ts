import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';

const CHECK_EVERY = 4 * 1024 * 1024;

/**
 * Thrown when a write would eat into the reserve. Its code is ENOSPC, so the one error
 * handler answers it as any full disk: 507 insufficient_storage.
 */
export class DiskReserveError extends Error {
  readonly code = 'ENOSPC';

  constructor(dir: string) {
    super(`no space left for uploads in ${dir}: only the reserve is free`);
    this.name = 'DiskReserveError';
  }
}

/**
 * [Note: Disk reserve] Uploads stop while the disk still has `bytes` free. The database
 * usually shares the disk (DATA_DIR holds the SQLite file, its WAL and the blobs), and
 * without room it cannot record a sign-in, a session or an album: a disk filled to the
 * last byte by uploads answered 500 to everything that writes (issue #10). With the
 * reserve kept, uploads are refused with 507 at once while every small write still works.
 * A disk filled by something else still ends in ENOSPC / SQLITE_FULL, also answered 507.
 */
export class DiskReserve {
  readonly #dir: string;
  readonly #bytes: number;
  /** Streams passing through a guard: each may write up to CHECK_EVERY before its next check. */
  #streams = 0;

  /** `dir`: any folder on the disk to watch; `bytes`: what must stay free (0: no reserve). */
  constructor(dir: string, bytes: number) {
    this.#dir = dir;
    this.#bytes = bytes;
  }

  /**
   * Rejects with DiskReserveError when less than the reserve is free, counting what the
   * uploads in flight may still write before they check again: four uploads that each pass
   * a check together must not eat the reserve (each writes up to 4 MiB unchecked).
   */
  async check(): Promise<void> {
    if (this.#bytes === 0) return;
    const stats = await fs.promises.statfs(this.#dir);
    const inFlight = this.#streams * CHECK_EVERY;
    if (stats.bavail * stats.bsize < this.#bytes + inFlight) throw new DiskReserveError(this.#dir);
  }

  /** A pass-through that checks the disk every 4 MiB (call `check` before the first byte). */
  guard(): Transform {
    this.#streams++;
    const guard = new ReserveGuard(this);
    guard.once('close', () => {
      this.#streams--;
    });
    return guard;
  }
}

class ReserveGuard extends Transform {
  readonly #reserve: DiskReserve;
  #sinceCheck = 0;

  constructor(reserve: DiskReserve) {
    super();
    this.#reserve = reserve;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#sinceCheck += chunk.length;
    if (this.#sinceCheck < CHECK_EVERY) {
      callback(null, chunk);
      return;
    }
    this.#sinceCheck = 0;
    this.#reserve.check().then(
      () => {
        callback(null, chunk);
      },
      (error: unknown) => {
        callback(error as Error);
      },
    );
  }
}
