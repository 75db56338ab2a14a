import { extensionOf, type JobInfo, type RemoteFile, type TrashFile } from '@trove/contract';
import { isHeic } from '../file-actions/index.ts';
import type { ArchiveTarget } from './api.ts';
import type { DownloadModalInfo, DownloadType } from './model.ts';
import {
  DOWNLOAD_LIMITS,
  paginate,
  type DownloadFile,
  type DownloadLimits,
  type DownloadPage,
} from './parts.ts';

/** Extensions of HEIC/HEIF pictures, which the server can send as JPEG (`heic_to_jpeg`). */
const HEIF_EXTENSIONS = new Set(['heic', 'heif', 'hif']);

/** What is about to be downloaded: the modal's info and the parts (spec 000 §3), and from where. */
export interface DownloadPlan {
  info: DownloadModalInfo;
  pages: DownloadPage[];
  target: ArchiveTarget;
}

/** A timeline or album file as the part split sees it. */
export function downloadFileOf(file: RemoteFile): DownloadFile {
  return { id: file.id, path: file.path, size: file.size, takenAt: file.taken * 1000, isHeic: isHeic(file) };
}

/**
 * A trashed file as the part split sees it. The trash does not say when a file was taken,
 * so its year is that of its modification time (what the timeline falls back on too).
 */
export function trashDownloadFileOf(file: TrashFile): DownloadFile {
  return {
    id: file.id,
    path: file.path,
    size: file.size,
    takenAt: file.mtime * 1000,
    isHeic: HEIF_EXTENSIONS.has(extensionOf(file.name)),
  };
}

/**
 * The parts of a download of `files` named `name` (spec 000 §9), with its modal info.
 * @throws Error for an empty list, as `paginate` (spec 000 §5): callers with nothing to
 *   download do nothing instead.
 */
export function planDownload(
  files: readonly DownloadFile[],
  name: string,
  target: ArchiveTarget,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadPlan {
  const pages = paginate(files, name, limits);
  return target.kind === 'trash'
    ? { info: infoOf(pages, 'deletedFiles', null), pages, target }
    : { info: infoOf(pages, 'fileList', target.jobId), pages, target };
}

/**
 * A whole album as one archive (spec 000 §4 whole job archive): one part without file ids,
 * the server taking every file of the job. Whether the album fits is `albumAlertOf`'s question.
 */
export function planAlbum(album: JobInfo, name: string, headers?: Record<string, string>): DownloadPlan {
  const page: DownloadPage = {
    fileIDs: [],
    totalSize: album.size ?? 0,
    name,
    hasHEIC: album.has_heic ?? false,
    clicked: false,
  };
  return {
    info: {
      jobID: album.id,
      pages: 1,
      count: album.media_count ?? 0,
      size: page.totalSize,
      downloadType: 'jobArchive',
    },
    pages: [page],
    target: { kind: 'job', jobId: album.id, headers },
  };
}

/**
 * The export of a deleted album (spec 000 §2 trash albums' menu): one archive of the files a
 * restore would bring back; its size is the server's to tell (the trash lists none), so an
 * album over 3.5 GB is refused by the server's `album_download_too_large`.
 */
export function planExport(album: { id: string; media_count: number }, name: string): DownloadPlan {
  return {
    info: { jobID: album.id, pages: 1, count: album.media_count, size: 0, downloadType: 'jobArchive' },
    pages: [{ fileIDs: [], totalSize: 0, name, hasHEIC: false, clicked: false }],
    target: { kind: 'job', jobId: album.id, mode: 'export' },
  };
}

function infoOf(pages: readonly DownloadPage[], downloadType: DownloadType, jobID: string | null) {
  return {
    jobID,
    pages: pages.length,
    count: pages.reduce((sum, page) => sum + page.fileIDs.length, 0),
    size: pages.reduce((sum, page) => sum + page.totalSize, 0),
    downloadType,
  };
}

/**
 * Whether the plan needs the modal (see [Note: Download modal]): several parts to click, or
 * HEIC photos whose conversion to JPEG the user may choose. Otherwise a toast is enough.
 */
export function needsModal(plan: DownloadPlan): boolean {
  return plan.pages.length > 1 || plan.pages.some((page) => page.hasHEIC);
}
