/**
 * [Note: Upload hashing] Every file is hashed (SHA-1, the contract's checksum) before it is
 * sent: files_dedup answers without any bytes when the owner already has them, and the
 * server checks the bytes it receives against the hash. Hashing runs in a Web Worker: files
 * up to 64 MiB whole by crypto.subtle, larger ones streamed through hash-wasm's incremental
 * SHA-1 (see sha1.ts for the figures), so a big video never blocks the page; where
 * no worker can be made (tests, a strict CSP) the same code runs on the main thread.
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
  dispose(): void;
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

/** A hasher backed by one worker (created on first use), or the main thread without one. */
export function createHasher(): Hasher {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (sha1: string) => void; reject: (error: Error) => void }>();

  const start = (): Worker | undefined => {
    if (worker || typeof Worker === 'undefined') return worker;
    try {
      worker = new Worker(new URL('./sha1.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return undefined;
    }
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data;
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!entry) return;
      if ('sha1' in reply) {
        markHashed(reply.bytes, reply.ms);
        entry.resolve(reply.sha1);
      } else entry.reject(reply.error === 'cancelled' ? abortError() : new UnreadableFileError());
    };
    return worker;
  };

  return {
    sha1(file, signal) {
      if (signal?.aborted) return Promise.reject(abortError());
      const target = start();
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
        signal?.addEventListener(
          'abort',
          () => {
            target.postMessage({ type: 'cancel', id } satisfies HashRequest);
            waiting.delete(id);
            reject(abortError());
          },
          { once: true },
        );
        target.postMessage({ type: 'hash', id, file } satisfies HashRequest);
      });
    },
    dispose() {
      worker?.terminate();
      worker = undefined;
      for (const entry of waiting.values()) entry.reject(abortError());
      waiting.clear();
    },
  };
}
