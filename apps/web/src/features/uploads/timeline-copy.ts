import { CopyToTimelineResponse } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';

/** spec 000 §7 allows 500 files per copy call (CopyToTimelineBody). */
const COPY_BATCH = 500;

/**
 * [Note: Copy to the timeline] spec 000 §4: once an upload into an album is complete, "if
 * the item also targets the timeline, the file is copied to the timeline". The uploader
 * hands each such file here instead of finishing it; `flush` copies what waits, album by
 * album, and resolves with the items now complete. A copy that fails stays waiting and is
 * tried again on the next flush (the uploader flushes on its 2.5 s change poll), so an item
 * is never complete while the timeline lacks its file. The server answers a file the
 * timeline already has with that file, so a copy sent twice adds nothing.
 */
export interface TimelineCopier {
  add(itemId: number, albumId: string, fileUUID: string): void;
  flush(signal?: AbortSignal): Promise<number[]>;
  readonly size: number;
  reset(): void;
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
    const done: number[] = [];
    const byFile = new Map(answer.results.map((result) => [result.file_uuid, result]));
    for (const [itemId, uuid] of batch) {
      // An answer per file is final: a file the album lost meanwhile (file_not_found) will
      // not come back by asking again, and the upload itself is complete.
      if (byFile.has(uuid)) done.push(itemId);
    }
    return done;
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
      const done: number[] = [];
      for (const [albumId, list] of byAlbum) {
        for (let start = 0; start < list.length; start += COPY_BATCH) {
          try {
            done.push(...(await copyBatch(albumId, list.slice(start, start + COPY_BATCH), signal)));
          } catch {
            // Offline or a server fault: these stay waiting for the next flush.
          }
        }
      }
      if (started !== generation) return [];
      for (const itemId of done) waiting.delete(itemId);
      return done;
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
