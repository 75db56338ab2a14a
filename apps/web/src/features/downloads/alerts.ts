import { isApiError } from '../../api/http-error.ts';
import { DOWNLOAD_LIMITS, type DownloadLimits } from './parts.ts';

/*
 * The download alert queue (spec 000 §4 "Download alert kinds queue and dismiss first-in
 * first-out", §8 "four limit alerts"). An alert says why a download cannot happen as asked:
 * one download holds at most 500 files and 3.5 GB (spec 000 §5, §9), and a whole album over
 * those limits is blocked.
 */

/** The four limit alerts, by the spec's names (spec 000 §4). */
export type DownloadAlertKind =
  'fileCountOverLimit' | 'sizeOverLimit' | 'albumFileCountOverLimit' | 'albumSizeOverLimit';

/** The alerts waiting to be shown, the one on screen first. */
export type AlertQueue = readonly DownloadAlertKind[];

export type AlertQueueAction = { type: 'alert'; kind: DownloadAlertKind } | { type: 'dismiss' };

/**
 * FIFO: an alert joins the end of the queue, dismissing takes the first away and shows the
 * next. An alert that is already waiting is not queued twice: it would say the same again.
 */
export function alertQueueReducer(queue: AlertQueue, action: AlertQueueAction): AlertQueue {
  switch (action.type) {
    case 'alert':
      return queue.includes(action.kind) ? queue : [...queue, action.kind];
    case 'dismiss':
      return queue.length === 0 ? queue : queue.slice(1);
  }
}

/** The alert of a download the server refused for its limits (the 422 codes of docs/API.md), if any. */
export function alertOfError(error: unknown): DownloadAlertKind | undefined {
  if (isApiError(error, 'download_too_many_files')) return 'fileCountOverLimit';
  if (isApiError(error, 'download_too_large')) return 'sizeOverLimit';
  if (isApiError(error, 'album_download_too_many_files')) return 'albumFileCountOverLimit';
  if (isApiError(error, 'album_download_too_large')) return 'albumSizeOverLimit';
  return undefined;
}

/**
 * spec 000 §5: an album over 500 items or over the size limit is blocked: the alert to show
 * instead of downloading it, or undefined when it fits one download. The count comes first.
 */
export function albumAlertOf(
  album: { media_count?: number | undefined; size?: number | undefined },
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadAlertKind | undefined {
  if ((album.media_count ?? 0) > limits.maxItems) return 'albumFileCountOverLimit';
  if ((album.size ?? 0) > limits.maxBytes) return 'albumSizeOverLimit';
  return undefined;
}
