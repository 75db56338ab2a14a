import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS, DocumentList, type JobInfo } from '@trove/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { isApiError } from '../../api/http-error.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { displayTitle } from '../albums/index.ts';
import { downloadInParts, type DownloadPage } from '../downloads/index.ts';
import { prepareArchive, startArchiveDownload } from '../downloads/api.ts';
import { allFiles } from '../library/api.ts';
import { toDownloadFile } from './model.ts';

/*
 * [Note: Takeout download seam] The takeout page asks for its downloads through one
 * function, `onDownload(target)`, and shows whatever state {@link useTakeoutDownloads} hands
 * back. This file is the only place that knows how a download happens, so it can be routed
 * to a shared download center later without touching the page. Until then it works on its
 * own: an album is one zip (spec 000 §5 blocks albums over the limits); the library (media and
 * documents) is listed, split by year and then into equal parts (spec 000 §9): a single part
 * downloads at once, and each of several parts gets its own Download button on the page.
 * Every zip is prepared with POST files_as_archive in mode `takeout` and fetched by the
 * browser's own download of the answer's URL (never a Blob), so a large part can be resumed.
 */

/** What the takeout page asks to download (spec 000 §2 Takeout). */
export type TakeoutTarget =
  | { kind: 'library'; jobId: string; name: string; count: number; size: number }
  | { kind: 'album'; album: JobInfo };

/**
 * Starts the download of `target`. Resolves true once it started (for the library: once its
 * parts are listed), false when it did not; the implementation has told the user why.
 */
export type TakeoutDownload = (target: TakeoutTarget) => Promise<boolean>;

/** The limit alerts of spec 000 §4 (queued, dismissed first in, first out) and §8. */
export type DownloadAlert = 'tooMany' | 'tooLarge' | 'albumTooMany' | 'albumTooLarge';

/** One part of the library: `page.clicked` once its download started (spec 000 §3 Download page). */
export interface PartDownload {
  page: DownloadPage;
  isPreparing: boolean;
}

/** Where the library's download stands. */
export type LibraryDownload =
  | { status: 'idle' }
  | { status: 'listing'; listed: number; total: number }
  | { status: 'failed' }
  | { status: 'ready'; jobId: string; parts: PartDownload[] };

/** What {@link useTakeoutDownloads} offers the page. */
export interface TakeoutDownloads {
  onDownload: TakeoutDownload;
  library: LibraryDownload;
  /** Prepares and starts the download of the library's part at `index`. */
  downloadPart: (index: number) => Promise<void>;
  /** The oldest limit alert not dismissed yet. */
  alert: DownloadAlert | null;
  dismissAlert: () => void;
}

/** Key of the in-progress toast: downloads prepared at once show one (spec 000 §4). */
const PREPARING = 'takeout.preparingDownload';

/**
 * POST /jobs/{id}/files_as_archive in mode `takeout` (spec 000 §7), then the browser's own
 * download of the prepared archive from the download host.
 */
export async function downloadArchive(
  api: HttpClient,
  jobId: string,
  body: { zip_filename: string; file_ids?: string[] },
): Promise<void> {
  const target = { kind: 'job', jobId, mode: 'takeout' } as const;
  const archive = await prepareArchive(api, target, body.file_ids ?? [], { zip_filename: body.zip_filename });
  startArchiveDownload(api.directory, archive);
}

/**
 * Every photo and video of the timeline (GET /jobs/{id}/files, page by page) and every
 * document (GET /jobs/{id}/documents, which the files list leaves out: a takeout without them
 * was not the copy of everything it promises, issue #23) in the parts of spec 000 §9, named
 * after `name`. `onListed` hears how many are listed so far.
 */
export async function listLibraryParts(
  api: HttpClient,
  jobId: string,
  name: string,
  signal: AbortSignal,
  onListed: (count: number) => void,
): Promise<DownloadPage[]> {
  const media = await allFiles(api, jobId, { filter: 'all' }, signal, (partial) => {
    onListed(partial.length);
  });
  const documents = await api.app(`/jobs/${encodeURIComponent(jobId)}/documents`, DocumentList, { signal });
  const seen = new Set(media.map((file) => file.id));
  const files = [...media, ...documents.files.filter((file) => !seen.has(file.id))];
  onListed(files.length);
  let pages: DownloadPage[] = [];
  downloadInParts(files.map(toDownloadFile), name, (parts) => {
    pages = parts;
  });
  return pages;
}

/** The limit alert a refused download stands for, if it was refused for a limit (HTTP 422). */
export function alertOf(error: unknown): DownloadAlert | null {
  if (isApiError(error, 'album_download_too_many_files')) return 'albumTooMany';
  if (isApiError(error, 'album_download_too_large')) return 'albumTooLarge';
  if (isApiError(error, 'download_too_many_files')) return 'tooMany';
  if (isApiError(error, 'download_too_large')) return 'tooLarge';
  return null;
}

/** The page's downloads as this app does them today (See: [Note: Takeout download seam]). */
export function useTakeoutDownloads(): TakeoutDownloads {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const [library, setLibrary] = useState<LibraryDownload>({ status: 'idle' });
  const [alerts, setAlerts] = useState<DownloadAlert[]>([]);
  const listing = useRef<AbortController | null>(null);
  useEffect(() => () => listing.current?.abort(), []);
  const queueAlert = useCallback((alert: DownloadAlert) => {
    setAlerts((queue) => [...queue, alert]);
  }, []);

  const prepare = useCallback(
    async (jobId: string, body: { zip_filename: string; file_ids?: string[] }): Promise<boolean> => {
      const text = intl.formatMessage({ id: 'takeout.preparingDownload' });
      const progress = toasts.show({ kind: 'progress', key: PREPARING, text });
      try {
        await downloadArchive(api, jobId, body);
        return true;
      } catch (error) {
        const alert = alertOf(error);
        if (alert) queueAlert(alert);
        else toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'takeout.downloadFailed' }) });
        return false;
      } finally {
        toasts.dismiss(progress);
      }
    },
    [api, intl, toasts, queueAlert],
  );

  /** Prepares and starts the library's part `index` (`page`), marking it while it prepares. */
  const startPart = useCallback(
    async (jobId: string, index: number, page: DownloadPage) => {
      const update = (change: (part: PartDownload) => PartDownload) => {
        setLibrary((now) =>
          now.status === 'ready'
            ? { ...now, parts: now.parts.map((p, i) => (i === index ? change(p) : p)) }
            : now,
        );
      };
      update((p) => ({ ...p, isPreparing: true }));
      const isStarted = await prepare(jobId, { file_ids: page.fileIDs, zip_filename: page.name });
      update((p) => ({ isPreparing: false, page: { ...p.page, clicked: p.page.clicked || isStarted } }));
    },
    [prepare],
  );

  const listLibrary = useCallback(
    async (target: Extract<TakeoutTarget, { kind: 'library' }>): Promise<boolean> => {
      listing.current?.abort();
      const controller = new AbortController();
      listing.current = controller;
      const total = target.count;
      setLibrary({ status: 'listing', listed: 0, total });
      try {
        const pages = await listLibraryParts(api, target.jobId, target.name, controller.signal, (listed) => {
          setLibrary({ status: 'listing', listed, total });
        });
        setLibrary({
          status: 'ready',
          jobId: target.jobId,
          parts: pages.map((page) => ({ page, isPreparing: false })),
        });
        // The button downloads (issue #23): one part starts at once; many are listed, each
        // with its own button, as the browser would block a burst of downloads.
        const [only] = pages;
        if (only && pages.length === 1) await startPart(target.jobId, 0, only);
        return true;
      } catch {
        if (!controller.signal.aborted) setLibrary({ status: 'failed' });
        return false;
      }
    },
    [api, startPart],
  );

  const onDownload = useCallback<TakeoutDownload>(
    (target) => {
      if (target.kind === 'library') return listLibrary(target);
      const { album } = target;
      // spec 000 §5: an album over the limits is blocked; the server refuses it as well.
      if ((album.media_count ?? 0) > DOWNLOAD_MAX_ITEMS) queueAlert('albumTooMany');
      else if ((album.size ?? 0) > DOWNLOAD_MAX_BYTES) queueAlert('albumTooLarge');
      else {
        const name = displayTitle(album, intl.formatMessage({ id: 'takeout.albums.unnamed' }));
        return prepare(album.id, { zip_filename: name });
      }
      return Promise.resolve(false);
    },
    [intl, listLibrary, prepare, queueAlert],
  );

  const downloadPart = useCallback(
    async (index: number) => {
      if (library.status !== 'ready') return;
      const part = library.parts[index];
      if (!part || part.isPreparing) return;
      await startPart(library.jobId, index, part.page);
    },
    [library, startPart],
  );

  const dismissAlert = useCallback(() => {
    setAlerts((queue) => queue.slice(1));
  }, []);

  return { onDownload, library, downloadPart, alert: alerts[0] ?? null, dismissAlert };
}
