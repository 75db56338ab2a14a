import { ChangeType, ChangesResponse, FileAddedData, type JobChange } from '@trove/contract';
import type { HttpClient, Parser } from '../../api/http-client.ts';

/** spec 000 §9: changes are polled every 2500 ms while files are being processed. */
export const CHANGE_POLL_MS = 2500;

/** GET /changes_and_async_upload_status: the changes plus how many files still await processing. */
interface ChangesWithPending extends ChangesResponse {
  pending_uploads: number | undefined;
}
const ChangesWithPending: Parser<ChangesWithPending> = {
  parse(data) {
    const pending = (data as { pending_uploads?: unknown } | null)?.pending_uploads;
    return {
      ...ChangesResponse.parse(data),
      pending_uploads: typeof pending === 'number' ? pending : undefined,
    };
  },
};

/** An upload item whose file the server finished (see [Note: Upload completion]). */
export interface CompletedItem {
  itemId: number;
  /** The file is stored but the server could not process it: no thumbnails, no preview. */
  isMediaFailed: boolean;
}

/**
 * [Note: Upload completion] An upload the server answered `processing` is BackendSucceeded
 * until its file appears processed in the job's change feed (spec 000 §4). The server
 * writes a type 0 record when the file is added and another when its media work finished
 * (apps/server/src/modules/media/media.worker.ts), so a file sent with its bytes is done at
 * its second record after the serial read before it was sent, and one added by
 * files_dedup at its first (its bytes were processed before), as is a document, which the
 * server stores ready, with no media work and so no second record. A `pending_uploads` of 0
 * means nothing in the job awaits processing, which finishes every watched file at once.
 * A file whose latest record says `media_status: failed` (the worker could not decode it or
 * ran out of attempts, issue #10 §3) is done too, reported as failed.
 */
export interface CompletionWatch {
  /** Reads the job's serial; must be awaited before the first file is sent. */
  ensureCursor(signal?: AbortSignal): Promise<void>;
  /** Starts watching `fileUUID`; `records` is how many type 0 records mean it is ready. */
  watch(fileUUID: string, itemId: number, records: 1 | 2): void;
  /** Asks the change feed once; resolves with the items now complete. */
  poll(signal?: AbortSignal): Promise<CompletedItem[]>;
  /** How many files are still watched. */
  readonly size: number;
  /** Forgets everything (the queue was cleared); the next batch reads a fresh serial. */
  reset(): void;
}

/** The data of a type 0 record that is not a rollback, else undefined. */
function fileAddedData(change: JobChange): FileAddedData | undefined {
  if (change.type !== ChangeType.FileAdded) return undefined;
  const data = FileAddedData.safeParse(change.data);
  return data.success && data.data.is_rollback !== true ? data.data : undefined;
}

/** The watch of one job's change feed (see [Note: Upload completion]). */
export function createCompletionWatch(api: HttpClient, jobId: string): CompletionWatch {
  let cursor: number | undefined;
  let resets = 0;
  const seen = new Map<string, number>();
  /** Files whose latest record said their processing failed. */
  const failed = new Set<string>();
  const watched = new Map<string, { itemId: number; records: number }>();
  const path = (name: string) => `/jobs/${encodeURIComponent(jobId)}/${name}`;

  const finished = (): CompletedItem[] => {
    const done: CompletedItem[] = [];
    for (const [uuid, entry] of watched) {
      if ((seen.get(uuid) ?? 0) >= entry.records) {
        done.push({ itemId: entry.itemId, isMediaFailed: failed.has(uuid) });
        watched.delete(uuid);
        seen.delete(uuid);
        failed.delete(uuid);
      }
    }
    return done;
  };

  return {
    async ensureCursor(signal) {
      if (cursor !== undefined) return;
      // No record is above the largest serial: the answer is just the job's last serial.
      const answer = await api.app(path('changes'), ChangesResponse, {
        query: { since: Number.MAX_SAFE_INTEGER },
        ...(signal && { signal }),
      });
      cursor ??= answer.last_serial;
    },
    watch(fileUUID, itemId, records) {
      watched.set(fileUUID, { itemId, records });
    },
    async poll(signal) {
      if (cursor === undefined || watched.size === 0) return [];
      const generation = resets;
      // Only files watched before the request went out can be finished by its pending count.
      const asked = [...watched.keys()];
      let from = cursor;
      let more = true;
      let pending: number | undefined;
      while (more) {
        const answer = await api.app(path('changes_and_async_upload_status'), ChangesWithPending, {
          query: { since: from },
          ...(signal && { signal }),
        });
        if (generation !== resets) return [];
        for (const change of answer.changes) {
          const data = fileAddedData(change);
          if (!data) continue;
          seen.set(data.id, (seen.get(data.id) ?? 0) + 1);
          if (data.media_status === 'failed') failed.add(data.id);
          else failed.delete(data.id);
        }
        const last = answer.changes.at(-1)?.serial ?? answer.last_serial;
        // The feed answers in pages; a page that stops short of last_serial has a next one.
        more = answer.changes.length > 0 && last < answer.last_serial;
        from = Math.max(from, last);
        cursor = from;
        pending = answer.pending_uploads;
      }
      if (pending === 0) {
        for (const uuid of asked) seen.set(uuid, Number.MAX_SAFE_INTEGER);
      }
      return finished();
    },
    get size() {
      return watched.size;
    },
    reset() {
      resets += 1;
      cursor = undefined;
      seen.clear();
      failed.clear();
      watched.clear();
    },
  };
}
