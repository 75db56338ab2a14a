import { JobInfo, UploadResult, precheckUpload } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import { HttpError } from '../../api/http-error.ts';

/** Rejection reasons of spec 000 §4 Upload item that a plain file upload can meet. */
export type RejectReason = 'NoStorage' | 'UnSupported' | 'FileWasDeleted' | 'TooLargeFile' | 'Unknown';

/** How a batch went; `added` counts files the server took (processing or already there). */
export interface UploadOutcome {
  /** Files the user chose. */
  total: number;
  added: number;
  rejected: { name: string; reason: RejectReason }[];
  /** Set when the connection failed: the files from this one on were not sent. */
  offlineAt?: number;
}

export type UploadProgress = (done: number, total: number) => void;

/**
 * Uploads files one after another to the caller's timeline (POST /jobs/{id}/upload, spec
 * 000 §7) with the `no_duplicates` policy, mapping answers as spec 000 §4 says: processing
 * and exists are taken; deleted or trashed is FileWasDeleted; 413 is NoStorage. This is the
 * empty timeline's simple uploader; the queue with pause, retry and the status panel is
 * issue #4's.
 */
export async function uploadToTimeline(
  api: HttpClient,
  files: readonly File[],
  onProgress: UploadProgress = () => undefined,
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { total: files.length, added: 0, rejected: [] };
  const job = await api.app('/jobs/default', JobInfo);
  onProgress(0, files.length);
  for (const [index, file] of files.entries()) {
    const check = precheckUpload(file.name, file.size);
    if (!check.ok) {
      outcome.rejected.push({ name: file.name, reason: check.error });
    } else {
      const form = new FormData();
      form.set('path', file.name);
      form.set('mtime', String(Math.floor(file.lastModified / 1000)));
      form.set('policy', 'no_duplicates');
      form.set('file', file, file.name);
      try {
        const answer = await api.app(`/jobs/${encodeURIComponent(job.id)}/upload`, UploadResult, {
          method: 'POST',
          form,
        });
        if (answer.status === 'processing' || answer.status === 'exists') outcome.added += 1;
        else outcome.rejected.push({ name: file.name, reason: 'FileWasDeleted' });
      } catch (error) {
        if (error instanceof HttpError && error.status === 0) {
          outcome.offlineAt = index;
          return outcome;
        }
        outcome.rejected.push({ name: file.name, reason: reasonOf(error) });
      }
    }
    onProgress(index + 1, files.length);
  }
  return outcome;
}

function reasonOf(error: unknown): RejectReason {
  if (!(error instanceof HttpError)) return 'Unknown';
  if (error.status === 413 && error.code === 'file_too_large') return 'TooLargeFile';
  if (error.status === 413) return 'NoStorage';
  if (error.status === 415) return 'UnSupported';
  return 'Unknown';
}
