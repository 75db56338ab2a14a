import {
  extensionOf,
  MultiRollbackResponse,
  OkResponse,
  type RemoteFile,
  type ServiceDirectory,
} from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import { HttpError } from '../../api/http-error.ts';

/** Deletes running at once: a selection of hundreds must not open hundreds of connections. */
export const DELETE_CONCURRENCY = 4;
/** spec 000 §7, §9: restores run in batches of 200 files, 5 batches in parallel. */
export const RESTORE_BATCH_SIZE = 200;
export const RESTORE_CONCURRENCY = 5;

/** Extensions the server makes a JPEG rendition of (spec 000 §6: export for HEIC files). */
const HEIF_EXTENSIONS = new Set(['heic', 'heif', 'hif']);

/** How a batch of deletes or restores went, by file id. */
export interface BatchOutcome {
  succeeded: string[];
  failed: string[];
}

/** A signed media path (see [Note: Media URLs]) with one more query parameter. */
function withParam(path: string, param: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${param}`;
}

/** URL of the original as an attachment: files_by_id with `download=1` (docs/API.md Media). */
export function fileDownloadUrl(directory: ServiceDirectory, file: RemoteFile): string {
  return `${directory.app}${withParam(file.file_url, 'download=1')}`;
}

/** URL of the JPEG rendition of a HEIC as an attachment (`to_jpeg=1&download=1`), or null until it exists. */
export function jpegDownloadUrl(directory: ServiceDirectory, file: RemoteFile): string | null {
  return file.jpeg_url === null ? null : `${directory.app}${withParam(file.jpeg_url, 'download=1')}`;
}

/** Whether `file` is a HEIC/HEIF picture, for which spec 000 §6 offers an export option. */
export function isHeic(file: RemoteFile): boolean {
  return file.jpeg_url !== null || HEIF_EXTENSIONS.has(extensionOf(file.name));
}

/**
 * Starts a browser download of `url` the way a link with `download` does: the browser's own
 * download manager takes it (never a Blob in memory). Same-origin URLs are saved as `fileName`.
 */
export function clickDownloadLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** spec 000 §7: a single file downloads directly, not as an archive. */
export function downloadFile(directory: ServiceDirectory, file: RemoteFile): void {
  clickDownloadLink(fileDownloadUrl(directory, file), file.name);
}

/**
 * Downloads the JPEG rendition of a HEIC file (spec 000 §6 export option, §7 `to_jpeg`).
 * @returns false when the server has not made the JPEG yet (`jpeg_url` is null).
 */
export function exportHeic(directory: ServiceDirectory, file: RemoteFile): boolean {
  const url = jpegDownloadUrl(directory, file);
  if (url === null) return false;
  const base = file.name.replace(/\.[^.]+$/, '');
  clickDownloadLink(url, `${base === '' ? file.name : base}.jpg`);
  return true;
}

/**
 * Runs `task` on every item with at most `limit` running at once.
 * @returns the settled results, in the order of `items`.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * DELETE /jobs/{id}/files_by_id/{fileId} for each id, a few at a time: each file moves to
 * the trash (docs/API.md). A failure, Forbidden included, is not retried (spec 000 §6).
 */
export async function deleteFileIds(
  api: HttpClient,
  jobId: string,
  fileIds: readonly string[],
): Promise<BatchOutcome> {
  const results = await mapWithLimit(fileIds, DELETE_CONCURRENCY, (fileId) =>
    api.app(`/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(fileId)}`, OkResponse, {
      method: 'DELETE',
    }),
  );
  const outcome: BatchOutcome = { succeeded: [], failed: [] };
  results.forEach((result, index) => {
    const fileId = fileIds[index] ?? '';
    (result.status === 'fulfilled' ? outcome.succeeded : outcome.failed).push(fileId);
  });
  return outcome;
}

/** How a restore went: {@link BatchOutcome} and why each failed file failed. */
export interface RestoreOutcome extends BatchOutcome {
  /**
   * The reason of each failed file id: the server's `error_reason` (spec 000 §3 server file
   * errors: `quota_exceeded`, `file_not_found`, …), or the error code of a call that failed.
   */
  reasons: Record<string, string>;
}

/** Options of {@link restoreFileIds}. */
export interface RestoreOptions {
  /** Told how each batch went as it ends, for a progress display (spec 000 §4 restore-all dialog). */
  onBatch?: (batch: RestoreOutcome) => void;
}

/**
 * POST /jobs/{id}/multi_rollback: brings files back from the trash, in batches of 200 with
 * 5 batches in parallel (spec 000 §9). A file counts as restored only when its result is `ok`.
 */
export async function restoreFileIds(
  api: HttpClient,
  jobId: string,
  fileIds: readonly string[],
  { onBatch }: RestoreOptions = {},
): Promise<RestoreOutcome> {
  const batches: string[][] = [];
  for (let start = 0; start < fileIds.length; start += RESTORE_BATCH_SIZE) {
    batches.push(fileIds.slice(start, start + RESTORE_BATCH_SIZE));
  }
  const results = await mapWithLimit(batches, RESTORE_CONCURRENCY, async (batch) => {
    const result: RestoreOutcome = { succeeded: [], failed: [], reasons: {} };
    try {
      const answer = await api.app(
        `/jobs/${encodeURIComponent(jobId)}/multi_rollback`,
        MultiRollbackResponse,
        {
          method: 'POST',
          body: { file_uuids: batch },
        },
      );
      const byId = new Map(answer.results.map((r) => [r.file_uuid, r]));
      for (const fileId of batch) {
        const answered = byId.get(fileId);
        if (answered?.status === 'ok') result.succeeded.push(fileId);
        else {
          result.failed.push(fileId);
          result.reasons[fileId] = answered?.error_reason ?? 'unknown';
        }
      }
    } catch (error) {
      const code = error instanceof HttpError ? error.code : 'unknown';
      result.failed.push(...batch);
      for (const fileId of batch) result.reasons[fileId] = code;
    }
    onBatch?.(result);
    return result;
  });
  // In the order of `fileIds`, whichever batch ended first. A batch never rejects: its
  // failure is its files' failure.
  const outcome: RestoreOutcome = { succeeded: [], failed: [], reasons: {} };
  for (const settled of results) {
    if (settled.status !== 'fulfilled') continue;
    outcome.succeeded.push(...settled.value.succeeded);
    outcome.failed.push(...settled.value.failed);
    Object.assign(outcome.reasons, settled.value.reasons);
  }
  return outcome;
}
