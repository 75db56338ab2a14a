import { UploadResult } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import { HttpError, isServerOutOfSpace } from '../../api/http-error.ts';
import { isReadable } from './checks.ts';
import type { RejectionReason, ServerAnswer } from './model.ts';
import type { SendBytes } from './transport.ts';
import { TUS_THRESHOLD_BYTES, tusUpload, type UploadMetadata } from './tus.ts';

/** How sending one file ended, in the terms of the state machine (spec 000 §4). */
export type SendOutcome =
  | { kind: 'answered'; answer: ServerAnswer; fileUUID: string | null; isDedup: boolean }
  | { kind: 'rejected'; reason: RejectionReason }
  /**
   * No answer, or trouble on the server's side: Offline, then an automatic retry. A server
   * whose disk is full (507) is no network error: ServerFull, and a longer wait.
   */
  | { kind: 'failed'; isNetwork: boolean; isServerFull?: boolean };

/** What sending needs. */
export interface SendFileDeps {
  api: HttpClient;
  send: SendBytes;
  /** Where resumable uploads are remembered (localStorage in the app). */
  store?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** One file to send to a job. */
export interface SendFileRequest {
  jobId: string;
  file: File;
  /** The path the server stores: the folder it came from and its name. */
  path: string;
  sha1: string;
  /** Whole percent of the bytes on the server. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * What a failure means (spec 000 §8): 413 is out of storage (or too large), 415 an
 * unsupported file, no answer or a server-side failure is a network error to retry, and
 * any other refusal rejects the file (for the dedup call: 'File rejected by server').
 */
async function outcomeOfError(error: unknown, file: File): Promise<SendOutcome> {
  if (!(error instanceof HttpError)) return { kind: 'rejected', reason: 'Unknown' };
  if (error.status === 0) {
    // The browser reports a file deleted from disk mid-upload like a broken connection.
    return (await isReadable(file))
      ? { kind: 'failed', isNetwork: true }
      : { kind: 'rejected', reason: 'LocalFileUnavailable' };
  }
  if (error.status === 413) {
    return { kind: 'rejected', reason: error.code === 'file_too_large' ? 'TooLargeFile' : 'NoStorage' };
  }
  if (error.status === 415) return { kind: 'rejected', reason: 'UnSupported' };
  // A file emptied after it was picked: the server's own check (issue #23).
  if (error.code === 'empty_file') return { kind: 'rejected', reason: 'EmptyFile' };
  if (isServerOutOfSpace(error)) return { kind: 'failed', isNetwork: false, isServerFull: true };
  // 401: the retry's dedup call goes through the HTTP client, whose 401 handlers log out.
  if (error.status >= 500 || [401, 408, 429].includes(error.status))
    return { kind: 'failed', isNetwork: false };
  return { kind: 'rejected', reason: 'Unknown' };
}

function answeredBy(result: UploadResult, isDedup: boolean): SendOutcome {
  if (result.status === 'not_found') return { kind: 'rejected', reason: 'Unknown' };
  return { kind: 'answered', answer: result.status, fileUUID: result.uuid, isDedup };
}

async function postUpload(deps: SendFileDeps, request: SendFileRequest, metadata: UploadMetadata) {
  const form = new FormData();
  // Fields before the file: the server reads them before it streams the bytes.
  form.set('path', metadata.path);
  form.set('mtime', String(metadata.mtime));
  form.set('policy', metadata.policy);
  form.set('checksum', metadata.checksum);
  form.set('file', request.file, request.file.name);
  const answer = await deps.send({
    method: 'POST',
    path: `/jobs/${encodeURIComponent(request.jobId)}/upload`,
    body: form,
    signal: request.signal,
    onUploadProgress: (sent, total) => {
      if (total > 0) request.onProgress((sent / total) * 100);
    },
  });
  return UploadResult.parse(answer.body);
}

/**
 * Sends one hashed file (spec 000 §4, §7): files_dedup first, which adds the file without
 * bytes when the owner already has them; otherwise the bytes, by one POST or resumably
 * (see [Note: Resumable upload client]). Every call uses the no_duplicates policy, so a
 * retry after a lost answer finds the file and never makes a second one. Rejects only
 * with an AbortError when `signal` aborts.
 */
export async function sendFile(deps: SendFileDeps, request: SendFileRequest): Promise<SendOutcome> {
  const { file, jobId, signal } = request;
  const metadata: UploadMetadata = {
    path: request.path,
    mtime: Math.floor(file.lastModified / 1000),
    policy: 'no_duplicates',
    checksum: request.sha1,
  };
  try {
    const dedup = await deps.api.app(`/jobs/${encodeURIComponent(jobId)}/files_dedup`, UploadResult, {
      method: 'POST',
      body: { ...metadata, want_json: true },
      signal,
    });
    if (dedup.status !== 'not_found') return answeredBy(dedup, true);
  } catch (error) {
    if (isAbort(error)) throw error;
    return outcomeOfError(error, file);
  }
  try {
    const result =
      file.size >= TUS_THRESHOLD_BYTES
        ? await tusUpload({
            send: deps.send,
            jobId,
            file,
            metadata,
            signal,
            onProgress: (bytes) => {
              request.onProgress((bytes / Math.max(1, file.size)) * 100);
            },
            ...(deps.store && { store: deps.store }),
          })
        : await postUpload(deps, request, metadata);
    return answeredBy(result, false);
  } catch (error) {
    if (isAbort(error)) throw error;
    return outcomeOfError(error, file);
  }
}
