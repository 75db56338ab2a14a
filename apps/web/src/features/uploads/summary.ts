import {
  isActive,
  isWaiting,
  type TimelineCopyFailure,
  type UploadItem,
  type UploaderState,
} from './model.ts';

/** The panel's status line (spec 000 §4 Upload panel), most urgent first. */
export type PanelStatus =
  | { kind: 'offline' }
  | { kind: 'serverFull' }
  | { kind: 'retrying' }
  | { kind: 'outOfStorage' }
  | { kind: 'uploading'; done: number; total: number }
  | { kind: 'someFailed'; count: number }
  | { kind: 'done'; count: number };

/** Counts over the queue, in one pass (it may hold 10,000 items). */
export interface UploadSummary {
  status: PanelStatus;
  /** Items not finished: Pending, Enqueued, Uploading or BackendSucceeded. */
  active: number;
  rejected: number;
  /** Items a Stop would cancel (spec 000 §4). */
  stoppable: number;
  /** Uploaded or already there: BackendSucceeded and Succeeded. */
  uploaded: number;
}

const isStoppable = (item: UploadItem) =>
  item.status === 'Pending' ||
  item.status === 'Enqueued' ||
  (item.status === 'Uploading' && item.uploadedPercent < 100);

/**
 * What the panel says about the whole queue. 'X of Y' counts the files that are uploaded
 * (plus the one on its way) out of those that will be: rejected and cancelled ones are not.
 */
export function summarize(state: UploaderState): UploadSummary {
  let active = 0;
  let rejected = 0;
  let cancelled = 0;
  let stoppable = 0;
  let uploaded = 0;
  let isUploading = false;
  let enqueued = 0;
  for (const item of state.items) {
    if (isActive(item)) active += 1;
    if (isStoppable(item)) stoppable += 1;
    if (item.status === 'Rejected') rejected += 1;
    if (item.status === 'Cancelled') cancelled += 1;
    if (item.status === 'Enqueued') enqueued += 1;
    if (item.status === 'Uploading') isUploading = true;
    if (item.status === 'BackendSucceeded' || item.status === 'Succeeded') uploaded += 1;
  }
  const total = state.items.length - rejected - cancelled;
  const status: PanelStatus =
    active === 0
      ? rejected > 0
        ? { kind: 'someFailed', count: rejected }
        : { kind: 'done', count: uploaded }
      : isWaiting(state.connection) && enqueued > 0
        ? { kind: state.connection === 'ServerFull' ? 'serverFull' : 'offline' }
        : state.connection === 'Retrying'
          ? { kind: 'retrying' }
          : state.isOutOfStorage && enqueued > 0
            ? { kind: 'outOfStorage' }
            : { kind: 'uploading', done: Math.min(total, uploaded + (isUploading ? 1 : 0)), total };
  return { status, active, rejected, stoppable, uploaded };
}

/** What one row says about its file (spec 000 §4 per-file status text). */
export type ItemText =
  | { kind: 'preparing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'retryingIn'; seconds: number }
  | { kind: 'waitingForConnection' }
  | { kind: 'waitingForServerSpace' }
  | { kind: 'processing' }
  | { kind: 'complete' }
  | { kind: 'mediaFailed' }
  | { kind: 'timelineCopyFailed'; reason: TimelineCopyFailure }
  | { kind: 'cancelled' }
  | { kind: 'outOfStorage' }
  | { kind: 'rejected'; reason: NonNullable<UploadItem['statusReason']> };

/**
 * Per-file text. While Offline the file that failed shows the countdown to its retry and
 * the rest wait for the connection; while out of storage queued files say so.
 */
export function itemText(
  item: UploadItem,
  state: Pick<UploaderState, 'connection' | 'isOutOfStorage'>,
  retry: { itemId: number | null; seconds: number },
): ItemText {
  switch (item.status) {
    case 'Pending':
      return { kind: 'preparing' };
    case 'Enqueued':
      if (isWaiting(state.connection)) {
        if (retry.itemId === item.id) return { kind: 'retryingIn', seconds: retry.seconds };
        return { kind: state.connection === 'ServerFull' ? 'waitingForServerSpace' : 'waitingForConnection' };
      }
      return state.isOutOfStorage ? { kind: 'outOfStorage' } : { kind: 'preparing' };
    case 'Uploading':
      return { kind: 'uploading', percent: item.uploadedPercent };
    case 'BackendSucceeded':
      return { kind: 'processing' };
    case 'Succeeded':
      if (item.timelineCopyFailure) return { kind: 'timelineCopyFailed', reason: item.timelineCopyFailure };
      return item.isMediaFailed ? { kind: 'mediaFailed' } : { kind: 'complete' };
    case 'Cancelled':
      return { kind: 'cancelled' };
    case 'Rejected':
      return { kind: 'rejected', reason: item.statusReason ?? 'Unknown' };
  }
}
