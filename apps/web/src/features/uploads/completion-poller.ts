import type { HttpClient } from '../../api/http-client.ts';
import {
  CHANGE_POLL_MS,
  createCompletionWatch,
  type CompletedItem,
  type CompletionWatch,
} from './completion.ts';
import { findItem } from './model.ts';
import { createTimelineCopier } from './timeline-copy.ts';
import type { UploaderCore } from './uploader-types.ts';

/**
 * The uploader's wait for the server to finish files (spec 000 §4: "completion is detected
 * by polling changes every 2.5 seconds until the file appears"), and the copy to the
 * timeline that follows for items that also target it. See [Note: Upload completion] and
 * [Note: Copy to the timeline].
 */
export interface CompletionPoller {
  /** The change watch of a job, made on first use. */
  watchOf(jobId: string): CompletionWatch;
  /** Queues an item's file for the copy to the timeline; the item completes once copied. */
  copyLater(itemId: number, albumId: string, fileUUID: string): void;
  /** Sends the waiting timeline copies now, unless a flush runs already. */
  flushCopies(): void;
  /** Polls every 2.5 s until stopped. */
  start(): void;
  stop(): void;
  /** Forgets every watched file and waiting copy (the queue was cleared). */
  reset(): void;
}

export function createCompletionPoller(
  core: Pick<UploaderCore, 'queue' | 'dispatch'>,
  api: HttpClient,
): CompletionPoller {
  const watches = new Map<string, CompletionWatch>();
  const copier = createTimelineCopier(api);
  let isCopying = false;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  function watchOf(jobId: string): CompletionWatch {
    let watch = watches.get(jobId);
    if (!watch) {
      watch = createCompletionWatch(api, jobId);
      watches.set(jobId, watch);
    }
    return watch;
  }

  /** Sends the waiting timeline copies, one flush at a time; failures wait for the next tick. */
  function flushCopies() {
    if (isCopying || copier.size === 0) return;
    isCopying = true;
    void copier
      .flush()
      .then(({ done, failed }) => {
        if (done.length > 0) core.dispatch({ type: 'BACKEND_DONE', ids: done });
        if (failed.length > 0) core.dispatch({ type: 'TIMELINE_COPY_FAILED', failures: failed });
      })
      .finally(() => {
        isCopying = false;
      });
  }

  /**
   * Files the server finished: complete, or first copied to the timeline when they target
   * it too. One it could not process is still stored, so it is copied all the same.
   */
  function finished(items: readonly CompletedItem[]) {
    const failed = items.filter((item) => item.isMediaFailed).map((item) => item.itemId);
    if (failed.length > 0) core.dispatch({ type: 'MEDIA_FAILED', ids: failed });
    const done: number[] = [];
    for (const { itemId: id } of items) {
      const item = findItem(core.queue(), id);
      if (item?.alsoTimeline && item.fileUUID) copier.add(id, item.targetJob, item.fileUUID);
      else done.push(id);
    }
    if (done.length > 0) core.dispatch({ type: 'BACKEND_DONE', ids: done });
    flushCopies();
  }

  return {
    watchOf,
    copyLater(itemId, albumId, fileUUID) {
      copier.add(itemId, albumId, fileUUID);
    },
    flushCopies,
    start() {
      if (pollTimer !== undefined) return;
      pollTimer = setInterval(() => {
        flushCopies();
        for (const watch of watches.values()) {
          watch.poll().then(
            (items) => {
              if (items.length > 0) finished(items);
            },
            // A failed poll is asked again on the next tick.
            () => undefined,
          );
        }
      }, CHANGE_POLL_MS);
    },
    stop() {
      clearInterval(pollTimer);
      pollTimer = undefined;
    },
    reset() {
      for (const watch of watches.values()) watch.reset();
      copier.reset();
    },
  };
}
