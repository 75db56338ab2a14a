import { APP_BASE_PATH, UploadResult } from '@trove/contract';
import { HttpError } from '../../api/http-error.ts';
import type { SendBytes } from './transport.ts';

/**
 * [Note: Resumable upload client] Files of TUS_THRESHOLD_BYTES or more go through the tus
 * endpoints (docs/API.md): create, then PATCH in chunks. After a failure the upload goes on
 * from the offset the server reports on HEAD, which only counts bytes it has fsynced; the
 * upload's URL is remembered per job and content in localStorage, so even a file picked
 * again after a reload resumes. A repeated last PATCH gets the same answer, never a second
 * file. Smaller files take one multipart POST: a photo of a few MB costs one request instead
 * of two, and re-sending up to 32 MiB after a failure is cheap.
 */

/** From this size on, files are uploaded resumably. */
export const TUS_THRESHOLD_BYTES = 32 * 1024 * 1024;
/**
 * Bytes per PATCH. Each one ends with an fsync on the server and a round trip in which
 * nothing flows; 64 MiB (67 MB) keeps that under a tenth of the time on a local disk
 * (bench/ingest.ts) and stays under the 100 MB body limit common on reverse proxies.
 * A broken request loses nothing: the server keeps what reached its disk.
 */
export const TUS_CHUNK_BYTES = 64 * 1024 * 1024;

const TUS_HEADERS = { 'tus-resumable': '1.0.0' } as const;
const RESUME_KEY_PREFIX = 'trove.upload.tus.';
/** A chunk refused for its offset (or moving nothing) is tried again at most this often in a row. */
const MAX_OFFSET_RESYNCS = 3;

/** The fields of POST /jobs/{id}/upload that also describe a resumable upload. */
export interface UploadMetadata {
  path: string;
  mtime: number;
  policy: 'no_duplicates';
  checksum: string;
}

/** One resumable upload. */
export interface TusUpload {
  send: SendBytes;
  jobId: string;
  file: Blob;
  metadata: UploadMetadata;
  /** Bytes on the server so far (resumed ones included). */
  onProgress: (bytes: number) => void;
  signal?: AbortSignal;
  /** Where upload URLs are remembered; localStorage in the app. */
  store?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function base64Utf8(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/** `Upload-Metadata` of tus 1.0 creation: `key base64,key base64`. */
export function encodeMetadata(metadata: UploadMetadata): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64Utf8(String(value))}`)
    .join(',');
}

/**
 * The app-host path (after /st/4) of a `Location` header. The server may name the upload in
 * full, under an app host with a path prefix and with the client query; the query is the
 * transport's to add.
 */
function pathOfLocation(location: string): string {
  const { pathname } = new URL(location, 'http://location.invalid');
  const at = pathname.indexOf(`${APP_BASE_PATH}/`);
  return at >= 0 ? pathname.slice(at + APP_BASE_PATH.length) : pathname;
}

function offsetOf(header: string | null): number {
  const offset = Number(header);
  if (header === null || !Number.isSafeInteger(offset) || offset < 0) {
    throw new HttpError({ status: 200, code: 'invalid_response', message: 'Upload-Offset missing' });
  }
  return offset;
}

async function create(upload: TusUpload): Promise<string> {
  const answer = await upload.send({
    method: 'POST',
    path: `/jobs/${encodeURIComponent(upload.jobId)}/uploads`,
    headers: {
      ...TUS_HEADERS,
      'upload-length': String(upload.file.size),
      'upload-metadata': encodeMetadata(upload.metadata),
    },
    ...(upload.signal && { signal: upload.signal }),
  });
  const location = answer.header('location');
  if (!location) throw new HttpError({ status: 201, code: 'invalid_response', message: 'Location missing' });
  return pathOfLocation(location);
}

async function headOffset(upload: TusUpload, path: string): Promise<number> {
  const answer = await upload.send({
    method: 'HEAD',
    path,
    headers: { ...TUS_HEADERS },
    ...(upload.signal && { signal: upload.signal }),
  });
  return offsetOf(answer.header('upload-offset'));
}

/** The remembered upload of this content, with its offset, or a new one at 0. */
async function openUpload(upload: TusUpload, key: string): Promise<{ path: string; offset: number }> {
  const remembered = upload.store?.getItem(key);
  if (remembered) {
    try {
      return { path: remembered, offset: await headOffset(upload, remembered) };
    } catch (error) {
      // Gone (finished long ago, given up, cleaned by fsck): start over. Anything else,
      // like a lost connection, is the caller's to retry with the same upload.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      upload.store?.removeItem(key);
    }
  }
  const path = await create(upload);
  upload.store?.setItem(key, path);
  return { path, offset: 0 };
}

/**
 * Uploads `file` resumably (see [Note: Resumable upload client]) and resolves with the
 * server's answer, as POST /jobs/{id}/upload would give it.
 */
export async function tusUpload(upload: TusUpload): Promise<UploadResult> {
  const { file } = upload;
  const key = `${RESUME_KEY_PREFIX}${upload.jobId}.${upload.metadata.checksum}.${String(file.size)}`;
  const opened = await openUpload(upload, key);
  let offset = opened.offset;
  let resyncs = 0;
  upload.onProgress(offset);
  for (;;) {
    const end = Math.min(file.size, offset + TUS_CHUNK_BYTES);
    const start = offset;
    let answer;
    try {
      // At offset === size this sends no bytes: it asks for the answer of a finished upload
      // whose last response was lost.
      answer = await upload.send({
        method: 'PATCH',
        path: opened.path,
        headers: {
          ...TUS_HEADERS,
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.slice(start, end),
        onUploadProgress: (sent) => {
          upload.onProgress(start + sent);
        },
        ...(upload.signal && { signal: upload.signal }),
      });
    } catch (error) {
      if (
        !(error instanceof HttpError && error.code === 'offset_mismatch') ||
        resyncs >= MAX_OFFSET_RESYNCS
      ) {
        throw error;
      }
      resyncs += 1;
      offset = await headOffset(upload, opened.path);
      continue;
    }
    if (answer.status === 200) {
      upload.store?.removeItem(key);
      return UploadResult.parse(answer.body);
    }
    offset = offsetOf(answer.header('upload-offset'));
    // A chunk that moved nothing counts like a refused one, so a confused server cannot
    // keep this loop going forever.
    resyncs = offset > start ? 0 : resyncs + 1;
    if (resyncs > MAX_OFFSET_RESYNCS) {
      throw new HttpError({ status: 204, code: 'invalid_response', message: 'The upload does not advance' });
    }
    upload.onProgress(offset);
  }
}
