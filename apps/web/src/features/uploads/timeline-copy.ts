import { CopyToTimelineResponse } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import { HttpError } from '../../api/http-error.ts';
import type { TimelineCopyFailure } from './model.ts';

/** spec 000 §7 allows 500 files per copy call (CopyToTimelineBody). */
const COPY_BATCH = 500;

/**
 * [Note: Copy to the timeline] spec 000 §4: once an upload into an album is complete, "if
 * the item also targets the timeline, the file is copied to the timeline". The uploader
 * hands each such file here instead of finishing it; `flush` copies what waits, album by
 * album, and resolves with the items now complete. A copy that fails stays waiting and is
 * tried again on the next flush (the uploader flushes on its 2.5 s change poll) while the
 * failure may pass (offline, a server fault), so an item is never complete while the
 * timeline lacks its file. A final answer (a file's error, 413 quota_exceeded, 403/404 for a
 * user who may not add to the timeline) ends the wait with its reason, which the upload
 * panel shows (spec 000 §4, issue #27: the copy's failures reach the user). The server
 * answers a file the timeline already has with that file, so a copy sent twice adds nothing.
 */
export interface TimelineCopier {
  add(itemId: number, albumId: string, fileUUID: string): void;
  flush(signal?: AbortSignal): Promise<CopyOutcome>;
  readonly size: number;
  reset(): void;
}

/** What a flush settled: items copied, and items whose copy failed for good, with why. */
export interface CopyOutcome {
  done: number[];
  failed: { id: number; reason: TimelineCopyFailure }[];
}

/** The reason of a whole call's final failure; undefined when it may pass (ask again). */
export function finalFailureOf(error: unknown): TimelineCopyFailure | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.status === 413 || error.code === 'quota_exceeded') return 'quota_exceeded';
  if (error.status === 403 || error.status === 404) return 'not_allowed';
  if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429)
    return 'failed';
  return undefined;
}

export function createTimelineCopier(api: HttpClient): TimelineCopier {
  /** itemId -> where its file is. */
  const waiting = new Map<number, { albumId: string; fileUUID: string }>();
  let generation = 0;

  async function copyBatch(albumId: string, batch: [number, string][], signal?: AbortSignal) {
    const answer = await api.app(
      `/jobs/${encodeURIComponent(albumId)}/copy_to_timeline`,
      CopyToTimelineResponse,
      {
        method: 'POST',
        body: { file_uuids: batch.map(([, uuid]) => uuid) },
        ...(signal && { signal }),
      },
    );
    const outcome: CopyOutcome = { done: [], failed: [] };
    const byFile = new Map(answer.results.map((result) => [result.file_uuid, result]));
    for (const [itemId, uuid] of batch) {
      // An answer per file is final: a file the album lost meanwhile (file_not_found) will
      // not come back by asking again, and the upload itself is complete.
      const result = byFile.get(uuid);
      if (result?.status === 'ok') outcome.done.push(itemId);
      else if (result) {
        const reason = result.error_reason === 'file_not_found' ? 'file_not_found' : 'failed';
        outcome.failed.push({ id: itemId, reason });
      }
    }
    return outcome;
  }

  return {
    add(itemId, albumId, fileUUID) {
      waiting.set(itemId, { albumId, fileUUID });
    },
    async flush(signal) {
      const started = generation;
      const byAlbum = new Map<string, [number, string][]>();
      for (const [itemId, { albumId, fileUUID }] of waiting) {
        const list = byAlbum.get(albumId) ?? [];
        list.push([itemId, fileUUID]);
        byAlbum.set(albumId, list);
      }
      const outcome: CopyOutcome = { done: [], failed: [] };
      for (const [albumId, list] of byAlbum) {
        for (let start = 0; start < list.length; start += COPY_BATCH) {
          const batch = list.slice(start, start + COPY_BATCH);
          try {
            const settled = await copyBatch(albumId, batch, signal);
            outcome.done.push(...settled.done);
            outcome.failed.push(...settled.failed);
          } catch (error) {
            // Offline or a server fault: these stay waiting for the next flush.
            const reason = finalFailureOf(error);
            if (reason) outcome.failed.push(...batch.map(([id]) => ({ id, reason })));
          }
        }
      }
      if (started !== generation) return { done: [], failed: [] };
      for (const itemId of outcome.done) waiting.delete(itemId);
      for (const { id } of outcome.failed) waiting.delete(id);
      return outcome;
    },
    get size() {
      return waiting.size;
    },
    reset() {
      waiting.clear();
      generation += 1;
    },
  };
}
