/**
 * [Note: Upload hashing] Every file is hashed (SHA-1, the contract's checksum) before it is
 * sent: files_dedup answers without any bytes when the owner already has them, and the
 * server checks the bytes it receives against the hash. Hashing runs in a Web Worker: files
 * up to 64 MiB whole by crypto.subtle, larger ones streamed through hash-wasm's incremental
 * SHA-1 (see sha1.ts for the figures), so a big video never blocks the page; where
 * no worker can be made (tests, a strict CSP) the same code runs on the main thread.
 *
 * One SHA-1 cannot be split, but files are independent: a small pool of workers (one per
 * core, at most HASH_WORKERS_MAX) hashes as many files at once, and the uploader hashes that
 * many queued files ahead of the one it sends. A library the server already holds is then
 * checked at the speed of the cores, not of one: in Chromium here one worker hashed 8 MiB
 * photos at about 420 MB/s while reading them alone ran at about 1,000 (bench/web-hash.ts).
 */

/** A message to the hashing worker. */
export type HashRequest = { type: 'hash'; id: number; file: Blob } | { type: 'cancel'; id: number };
/** The worker's answer: the hex SHA-1, or why there is none. */
export type HashReply =
  | { id: number; sha1: string; bytes: number; ms: number }
  /** `detail` says why, for whoever debugs a worker. */
  | { id: number; error: 'cancelled' | 'unreadable'; detail?: string };

/** Thrown when the file could not be read while hashing (spec 000 §8 LocalFileUnavailable). */
export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError';
}

/** Hashes files off the main thread. */
export interface Hasher {
  /** The hex SHA-1 of `file`; rejects with an AbortError when `signal` aborts. */
  sha1(file: Blob, signal?: AbortSignal): Promise<string>;
  /** How many files it hashes at once: the uploader keeps that many hashes ahead. */
  readonly width: number;
  dispose(): void;
}

/** More workers than this only add memory: reading the files becomes the limit. */
export const HASH_WORKERS_MAX = 4;

/** Workers in the pool for a browser reporting `cores` logical cores (unknown: 2). */
export function hashWorkers(cores: number | undefined): number {
  return Math.max(1, Math.min(HASH_WORKERS_MAX, cores && cores > 0 ? cores : 2));
}

function abortError(): DOMException {
  return new DOMException('hash cancelled', 'AbortError');
}

/**
 * A User Timing entry per hashed file (`upload.sha1`, detail: bytes), so the hashing speed
 * shows in the browser's performance tools and can be measured end to end.
 */
function markHashed(bytes: number, ms: number): void {
  try {
    const end = performance.now();
    performance.measure('upload.sha1', { start: end - ms, end, detail: { bytes } });
  } catch {
    // Browsers without User Timing Level 3 options only miss the measurement.
  }
}

/**
 * A hasher backed by a pool of `width` workers (each created on first need), or the main
 * thread without them. A file goes to the worker with the fewest files waiting.
 */
export function createHasher(
  width = hashWorkers(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency),
): Hasher {
  interface PoolWorker {
    worker: Worker;
    /** Ids posted to it and not answered yet. */
    pending: Set<number>;
  }
  const pool: PoolWorker[] = [];
  let noWorkers = typeof Worker === 'undefined';
  let nextId = 0;
  const waiting = new Map<number, { resolve: (sha1: string) => void; reject: (error: Error) => void }>();

  const spawn = (): PoolWorker | undefined => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./sha1.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return undefined;
    }
    const member: PoolWorker = { worker, pending: new Set() };
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data;
      member.pending.delete(reply.id);
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!entry) return;
      if ('sha1' in reply) {
        markHashed(reply.bytes, reply.ms);
        entry.resolve(reply.sha1);
      } else entry.reject(reply.error === 'cancelled' ? abortError() : new UnreadableFileError());
    };
    pool.push(member);
    return member;
  };

  /** The least busy worker; a new one while the pool has room and every worker is busy. */
  const pick = (): PoolWorker | undefined => {
    if (noWorkers) return undefined;
    const idle = pool.reduce<PoolWorker | undefined>(
      (best, member) => (!best || member.pending.size < best.pending.size ? member : best),
      undefined,
    );
    if (idle && (idle.pending.size === 0 || pool.length >= width)) return idle;
    const spawned = spawn();
    if (!spawned && pool.length === 0) noWorkers = true;
    return spawned ?? idle;
  };

  return {
    width: Math.max(1, width),
    sha1(file, signal) {
      if (signal?.aborted) return Promise.reject(abortError());
      const target = pick();
      if (!target) {
        // Fetched on demand: with a worker (every browser the app supports) the page never
        // needs hash-wasm itself (See: [Note: Lazy screens]).
        const hashed = import('./sha1.ts').then(({ sha1OfBlob }) =>
          sha1OfBlob(file, () => signal?.aborted ?? false),
        );
        return hashed.catch((error: unknown) => {
          throw error instanceof DOMException && error.name === 'AbortError'
            ? error
            : new UnreadableFileError();
        });
      }
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        target.pending.add(id);
        signal?.addEventListener(
          'abort',
          () => {
            target.worker.postMessage({ type: 'cancel', id } satisfies HashRequest);
            target.pending.delete(id);
            waiting.delete(id);
            reject(abortError());
          },
          { once: true },
        );
        target.worker.postMessage({ type: 'hash', id, file } satisfies HashRequest);
      });
    },
    dispose() {
      for (const member of pool) member.worker.terminate();
      pool.length = 0;
      for (const entry of waiting.values()) entry.reject(abortError());
      waiting.clear();
    },
  };
}
