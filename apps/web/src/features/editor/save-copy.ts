import { CopyResults, FileAlbums, FileMetadata, type RemoteFile } from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import type { UploadItem, Uploader } from '../uploads/index.ts';
import { bytesOfDataUrl, withOriginalExif } from './exif.ts';

/** Where saving is, for the progress the dialog shows. */
export type SavePhase =
  | { kind: 'preparing' }
  | { kind: 'uploading'; percent: number }
  /**
   * The server refused the copy for lack of storage after the account's own check let it
   * through (another device filled it meanwhile): the copy waits in the upload queue, which
   * sends it once space is freed (spec 000 §4 out-of-storage); saving goes on from there.
   */
  | { kind: 'waitingForStorage' }
  /** Putting the copy into the albums that hold the original. */
  | { kind: 'placing' };

/** Why a copy was not saved; the dialog words each. */
export class SaveCopyError extends Error {
  override readonly name = 'SaveCopyError';
  readonly reason: 'noStorage' | 'rejected' | 'cancelled';
  constructor(reason: SaveCopyError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

/** What saving needs of the app. */
export interface SaveCopyDeps {
  api: HttpClient;
  uploader: Pick<Uploader, 'store' | 'addFiles'>;
}

/** What was saved. */
export interface SavedCopy {
  fileId: string;
  /** Albums that hold the original and now the copy too; and those the copy could not join. */
  placed: number;
  notPlaced: number;
}

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** "IMG_0042.HEIC" → "IMG_0042 (edited).jpg": the copy is a JPEG whatever the original was. */
export function copyNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name} (edited).jpg`;
}

/** What the upload queue's item of the copy says of the save. */
export type CopyUpload =
  | { kind: 'sending'; phase: Extract<SavePhase, { kind: 'uploading' | 'waitingForStorage' }> }
  | { kind: 'uploaded'; fileId: string }
  | { kind: 'failed'; reason: SaveCopyError['reason'] };

/**
 * The save's progress from the copy's item in the upload queue (spec 000 §4 Upload item):
 * uploaded once the server has the file (BackendSucceeded or Succeeded: in the timeline, its
 * thumbnails on their way); waiting for storage while the queue is out of storage and the
 * item back in Enqueued (a NoStorage answer returns it there rather than rejecting it);
 * failed when rejected or stopped; else uploading, with its percent.
 */
export function copyUploadOf(item: UploadItem, isOutOfStorage: boolean): CopyUpload {
  if (item.fileUUID !== null && (item.status === 'BackendSucceeded' || item.status === 'Succeeded'))
    return { kind: 'uploaded', fileId: item.fileUUID };
  if (item.status === 'Cancelled') return { kind: 'failed', reason: 'cancelled' };
  if (item.status === 'Rejected')
    return { kind: 'failed', reason: item.statusReason === 'NoStorage' ? 'noStorage' : 'rejected' };
  if (item.status === 'Enqueued' && isOutOfStorage)
    return { kind: 'sending', phase: { kind: 'waitingForStorage' } };
  return { kind: 'sending', phase: { kind: 'uploading', percent: item.uploadedPercent } };
}

/**
 * Waits until the uploader's item for `name`, added at or after `fromId`, is on the server
 * (See: copyUploadOf), telling how it goes.
 */
function uploadedFileId(
  uploader: SaveCopyDeps['uploader'],
  fromId: number,
  name: string,
  onPhase: (phase: SavePhase) => void,
): { fileId: Promise<string>; stop: () => void } {
  let unsubscribe: () => void = () => undefined;
  const fileId = new Promise<string>((resolve, reject) => {
    const check = () => {
      const { queue } = uploader.store.getState();
      const item = queue.items.find((candidate) => candidate.id >= fromId && candidate.name === name);
      if (!item) return;
      const upload = copyUploadOf(item, queue.isOutOfStorage);
      if (upload.kind === 'sending') {
        onPhase(upload.phase);
        return;
      }
      unsubscribe();
      if (upload.kind === 'uploaded') resolve(upload.fileId);
      else reject(new SaveCopyError(upload.reason));
    };
    unsubscribe = uploader.store.subscribe(check);
    check();
  });
  return {
    fileId,
    stop: () => {
      unsubscribe();
    },
  };
}

/**
 * Saves the editor's picture as a new file beside `original`, which is never changed
 * (issue #27): the original's taken time and camera facts go into the copy's EXIF (See:
 * [Note: Edited copies keep the original's facts]); the copy goes through the app's upload
 * queue into the caller's timeline like any upload (hash, dedup, thumbnails, the upload
 * panel); then into each album that holds the original and takes the caller's photos
 * (GET …/albums, POST /jobs/{album}/copy_files from the timeline).
 */
export async function saveEditedCopy(
  deps: SaveCopyDeps,
  request: {
    original: RemoteFile;
    /** The job the original was opened in: the timeline, or an album. */
    jobId: string;
    timelineJobId: string;
    jpegDataUrl: string;
    onPhase: (phase: SavePhase) => void;
  },
): Promise<SavedCopy> {
  const { api, uploader } = deps;
  const { original, jobId, onPhase } = request;
  onPhase({ kind: 'preparing' });
  const fileIn = `${jobPath(jobId)}/files_by_id/${encodeURIComponent(original.id)}`;
  const [metadata, albums] = await Promise.all([
    api.app(`${jobPath(jobId)}/metadata/${encodeURIComponent(original.id)}`, FileMetadata),
    api.app(`${fileIn}/albums`, FileAlbums),
  ]);
  const jpeg = withOriginalExif(request.jpegDataUrl, { takenSeconds: original.taken, metadata });
  const name = copyNameOf(original.name);
  const file = new File([bytesOfDataUrl(jpeg)], name, { type: 'image/jpeg' });

  const queue = uploader.store.getState().queue;
  const fromId = queue.firstId + queue.items.length;
  onPhase({ kind: 'uploading', percent: 0 });
  const uploaded = uploadedFileId(uploader, fromId, name, onPhase);
  let isAdded = false;
  try {
    isAdded = await uploader.addFiles([{ file, folder: '' }]);
  } finally {
    if (!isAdded) uploaded.stop();
  }
  // Refused before it was queued: the copy does not fit in the storage left, or the account
  // is read-only for storing more than it may (spec 001 §4); the panel says so too. Nothing
  // was sent, so the user may save again once there is room.
  if (!isAdded) throw new SaveCopyError('noStorage');
  const fileId = await uploaded.fileId;

  onPhase({ kind: 'placing' });
  let placed = 0;
  let notPlaced = 0;
  for (const album of albums.albums) {
    try {
      const answer = await api.app(`${jobPath(album.id)}/copy_files`, CopyResults, {
        method: 'POST',
        body: { source_job: request.timelineJobId, file_uuids: [fileId] },
      });
      if (answer.results.every((result) => result.status === 'ok')) placed += 1;
      else notPlaced += 1;
    } catch {
      notPlaced += 1;
    }
  }
  return { fileId, placed, notPlaced };
}
