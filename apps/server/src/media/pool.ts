import { availableParallelism } from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';
import { MediaError, MEDIA_ERROR_REASONS, type MediaErrorReason } from './errors.ts';

/**
 * Bounded concurrency for media work, in two parts:
 *
 * 1. `createLimiter`: at most N decodes at once. sharp already runs off the main thread (the
 *    libuv pool), so it needs no worker; it needs a bound, because one decode can take
 *    hundreds of MB (a 108 MP progressive JPEG: about 400 MB) and the queue is not the only
 *    caller (HTTP `to_jpeg` conversions decode too).
 * 2. `createWorkerPool`: HEIC decoding in worker threads. heic-decode is WASM and runs
 *    synchronously on the calling thread: measured here 0.45-0.65 s for 12 MP and 1.9-2.2 s
 *    for 48 MP with the event loop blocked the whole time. In the embedded default the work
 *    queue runs inside the API process, so that would stall every request and long poll.
 *    In a worker the main loop stays responsive (max lag 2 ms during a 12 MP decode). The
 *    worker also bounds the damage: a WASM heap only grows, so a worker that decoded a large
 *    image is retired and its memory returned, and a crash or timeout kills only the worker.
 *    Start-up costs about 130 ms (WASM compile), so workers stay warm between decodes and
 *    end after 30 s idle.
 */

/**
 * Decodes at once by default: one per core (sharp runs one libvips thread per pipeline on
 * glibc Linux), at most 4, since each may hold a few hundred MB (2 cores, 2 at once: 464
 * twelve-megapixel JPEGs per minute).
 */
export const DEFAULT_DECODE_CONCURRENCY = Math.min(4, Math.max(1, availableParallelism()));

export interface Limiter {
  readonly concurrency: number;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly pending: number;
  /** Runs `task` when a slot is free; an aborted `signal` drops it from the wait list. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be >= 1');
  let active = 0;
  const waiting: (() => void)[] = [];

  // A finished task hands its slot straight to the next waiter, so a caller arriving in
  // between cannot take it too and push the count over the bound.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    concurrency,
    get active() {
      return active;
    },
    get pending() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) throw new MediaError('aborted', 'Aborted before start');
      if (active < concurrency && waiting.length === 0) {
        active += 1;
      } else {
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          };
          const onAbort = () => {
            waiting.splice(waiting.indexOf(start), 1);
            reject(new MediaError('aborted', 'Aborted while waiting for a decode slot'));
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          waiting.push(start);
        });
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** What a pool worker posts back for one task. `retire` asks the pool to end that worker. */
export type WorkerReply<Out> =
  | { ok: true; value: Out; retire?: boolean }
  | { ok: false; reason: MediaErrorReason; message: string; retire?: boolean };

export interface WorkerPoolOptions {
  /** Module the workers run; it answers each message with one WorkerReply. */
  url: URL;
  size: number;
  /** Idle workers end after this long, which returns their memory. */
  idleMs?: number;
}

export interface RunOptions {
  transfer?: Transferable[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface WorkerPool<In, Out> {
  run(input: In, options?: RunOptions): Promise<Out>;
  /** Ends every worker; running tasks reject with `aborted`. The pool can be used again. */
  close(): Promise<void>;
  /** Workers alive now (for tests and metrics). */
  readonly live: number;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Settles the running task when the worker dies under it. */
  fail?: (error: MediaError) => void;
}

const isReason = (value: unknown): value is MediaErrorReason =>
  (MEDIA_ERROR_REASONS as readonly unknown[]).includes(value);

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const idleMs = options.idleMs ?? 30_000;
  const slots = new Set<Slot>();
  const limiter = createLimiter(options.size);

  const end = (slot: Slot, error?: MediaError) => {
    clearTimeout(slot.idleTimer);
    if (!slots.delete(slot)) return;
    if (error) slot.fail?.(error);
    void slot.worker.terminate();
  };

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(options.url), busy: false };
    slot.worker.on('error', (error: Error) => {
      end(slot, new MediaError('tool_failed', `Media worker failed: ${error.message}`, { cause: error }));
    });
    slot.worker.on('exit', (code) => {
      end(slot, new MediaError('tool_failed', `Media worker exited with code ${code}`));
    });
    slots.add(slot);
    return slot;
  };

  const take = (): Slot => {
    for (const slot of slots) if (!slot.busy) return slot;
    return spawn();
  };

  const runOnce = (input: In, runOptions: RunOptions): Promise<Out> => {
    const slot = take();
    slot.busy = true;
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    return new Promise<Out>((resolve, reject) => {
      const cleanUp = () => {
        clearTimeout(timer);
        runOptions.signal?.removeEventListener('abort', onAbort);
        slot.worker.off('message', onMessage);
        slot.fail = undefined;
      };
      const finish = (retire: boolean) => {
        cleanUp();
        slot.busy = false;
        if (retire || !slots.has(slot)) {
          end(slot);
          return;
        }
        // An idle worker must not keep the process alive.
        slot.worker.unref();
        slot.idleTimer = setTimeout(() => {
          end(slot);
        }, idleMs);
        slot.idleTimer.unref();
      };
      const onMessage = (reply: WorkerReply<Out>) => {
        finish(reply.retire === true);
        if (reply.ok) resolve(reply.value);
        else reject(new MediaError(isReason(reply.reason) ? reply.reason : 'tool_failed', reply.message));
      };
      const onAbort = () => {
        end(slot, new MediaError('aborted', 'Aborted'));
      };
      const onTimeout = () => {
        end(slot, new MediaError('timeout', `Timed out after ${runOptions.timeoutMs ?? 0} ms`));
      };
      const timer =
        runOptions.timeoutMs === undefined ? undefined : setTimeout(onTimeout, runOptions.timeoutMs);
      slot.fail = (error) => {
        cleanUp();
        reject(error);
      };
      slot.worker.on('message', onMessage);
      runOptions.signal?.addEventListener('abort', onAbort, { once: true });
      slot.worker.postMessage(input, runOptions.transfer);
    });
  };

  return {
    get live() {
      return slots.size;
    },
    run(input, runOptions = {}) {
      return limiter.run(() => runOnce(input, runOptions), runOptions.signal);
    },
    async close() {
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of [...slots]) end(slot, new MediaError('aborted', 'Media worker pool closed'));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
