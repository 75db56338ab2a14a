/**
 * Archive streams one client may have open at once (issue #23): a zip stream reads every
 * file it holds from storage, so a client opening dozens at once takes the disk from
 * everyone. Counted per process: a stream lives in the process that serves it, and a client
 * spread over several nodes gets at most this many on each.
 */
export const ARCHIVE_STREAMS_PER_CLIENT = 3;

/** Seconds a refused client is told to wait: about what a short archive takes. */
export const ARCHIVE_STREAM_RETRY_SECONDS = 10;

/** Counting slots per key; a slot is given back exactly once. */
export function createStreamSlots(limit: number) {
  const open = new Map<string, number>();
  return {
    /** A slot for `key` and the function that gives it back, or undefined when all are taken. */
    acquire(key: string): (() => void) | undefined {
      const count = open.get(key) ?? 0;
      if (count >= limit) return undefined;
      open.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left === 0) open.delete(key);
        else open.set(key, left);
      };
    },
  };
}
export type StreamSlots = ReturnType<typeof createStreamSlots>;
