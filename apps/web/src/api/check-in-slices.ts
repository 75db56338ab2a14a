import { HttpError } from './http-error.ts';
import type { Parser } from './http-client.ts';

/** How long one slice may check before the main thread is given back. */
const SLICE_MS = 8;

/**
 * Checks a long list of answered items against the contract one slice at a time, giving
 * the main thread back between slices, so input and painting go on while a big page is
 * checked.
 *
 * Why: zod's compiled fast path needs `new Function`, which our Content-Security-Policy
 * forbids (no 'unsafe-eval'), so it checks about 30 files a millisecond on a 2-core
 * machine; a page of 2,000 files checked in one go was most of the longest task while a
 * 20,000-file month loaded (bench/web-big-month.ts, budget 100 ms, issue #4 §1).
 * A wrong item fails the whole list as `invalid_response`, like any answer off the contract.
 */
export async function checkInSlices<T>(
  items: readonly unknown[],
  item: Parser<T>,
  signal?: AbortSignal,
): Promise<T[]> {
  const checked: T[] = new Array<T>(items.length);
  let sliceStart = performance.now();
  for (let index = 0; index < items.length; index++) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToMain();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    try {
      checked[index] = item.parse(items[index]);
    } catch (cause) {
      const message =
        cause instanceof Error && cause.message.length < 200 ? cause.message : 'Invalid response';
      throw new HttpError({ status: 200, code: 'invalid_response', message });
    }
  }
  return checked;
}

interface Scheduler {
  yield?: () => Promise<void>;
}

/** `scheduler.yield()` where the browser has it (it keeps this work ahead of other tasks), else a new task. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
