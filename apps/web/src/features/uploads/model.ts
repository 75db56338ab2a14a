/**
 * The upload state machine of spec 000 §4 "Upload item", as a pure reducer. Names are the
 * spec's (Pending, Enqueued, BackendSucceeded, FileWasDeleted …) so a reader with the spec
 * open finds them. Everything that touches files, the network or timers lives in
 * `uploader.ts`; this file only says which transitions exist.
 */

/** Status of one upload item (spec 000 §4). */
export type UploadStatus =
  'Pending' | 'Enqueued' | 'Uploading' | 'BackendSucceeded' | 'Succeeded' | 'Rejected' | 'Cancelled';

/** Why an item was rejected (spec 000 §4). */
export type RejectionReason =
  | 'FileIsFolder'
  | 'LocalFileUnavailable'
  | 'NoStorage'
  | 'UnSupported'
  /** 0 bytes: nothing to upload, and its own message rather than UnSupported (issue #23). */
  | 'EmptyFile'
  | 'FileWasDeleted'
  | 'TooLargeFile'
  | 'Unknown';

/**
 * The uploader's view of the connection (spec 000 §4: Offline, Retrying, back Online), and
 * ServerFull (ours, issue #10): the server answered that its disk is full; like Offline the
 * uploader waits and retries by itself, only longer.
 */
export type ConnectionStatus = 'Online' | 'Offline' | 'ServerFull' | 'Retrying';

/** One file of the queue (spec 000 §3 Upload item). */
export interface UploadItem {
  /** Unique for the life of the page; ids only grow, so a stale id never hits a newer item. */
  id: number;
  targetJob: string;
  /**
   * spec 000 §4: an upload into an album may also target the timeline; once the album has
   * the file, it is copied there before the item counts as complete.
   */
  alsoTimeline: boolean;
  /** Folder of a dropped or picked folder the file came from, '' for a single file. */
  targetFolder: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0–100, whole numbers. */
  uploadedPercent: number;
  /** The server's file id once it answered. */
  fileUUID: string | null;
  statusReason: RejectionReason | null;
  /**
   * The server stored the file but could not process it (issue #10 §3: undecodable, or its
   * media work ran out of attempts). The item still ends Succeeded, as the file is in the
   * job; the panel says it could not be processed. See docs/SPEC-DEVIATIONS.md.
   */
  isMediaFailed: boolean;
  /**
   * The file reached its album but its copy to the timeline failed, and why (spec 000 §4:
   * an item that also targets the timeline is copied there once complete; See: [Note: Copy
   * to the timeline]). The item ends Succeeded, the panel says what did not happen.
   */
  timelineCopyFailure?: TimelineCopyFailure;
}

/**
 * Why a copy to the timeline failed: no room (413 quota_exceeded), the album lost the file
 * meanwhile (file_not_found), the user may not add to their timeline (a read-only user:
 * the timeline answers as not found), or any other final answer.
 */
export type TimelineCopyFailure = 'quota_exceeded' | 'file_not_found' | 'not_allowed' | 'failed';

/** The whole queue and the uploader's flags. */
export interface UploaderState {
  /** In the order the files were added; `items[i].id === firstId + i`. */
  items: readonly UploadItem[];
  firstId: number;
  connection: ConnectionStatus;
  isPaused: boolean;
  /** The user pressed Stop and has not answered the confirmation yet. */
  isStopPending: boolean;
  /** spec 000 §4: set by a NoStorage answer, cleared by a deletion, purchase or plan change. */
  isOutOfStorage: boolean;
}

/** A file as it is added: the reducer gives it its id and the Pending status. */
export type NewUploadItem = Pick<UploadItem, 'targetJob' | 'alsoTimeline' | 'targetFolder' | 'name' | 'size'>;

/** What the server said about an upload or a dedup (contract UploadResult, minus not_found). */
export type ServerAnswer = 'processing' | 'exists' | 'deleted' | 'trashed';

/** Every event the machine reacts to. */
export type UploadAction =
  | { type: 'ADD'; items: readonly NewUploadItem[] }
  | { type: 'CHECKED'; results: readonly { id: number; reason: RejectionReason | null }[] }
  | { type: 'UPLOAD_STARTED'; id: number }
  | { type: 'PROGRESS'; id: number; percent: number }
  | { type: 'SERVER_ANSWERED'; id: number; answer: ServerAnswer; fileUUID: string | null }
  | { type: 'UPLOAD_FAILED'; id: number; isServerFull?: boolean }
  | { type: 'REJECTED'; id: number; reason: RejectionReason }
  | { type: 'BACKEND_DONE'; ids: readonly number[] }
  | { type: 'MEDIA_FAILED'; ids: readonly number[] }
  | { type: 'TIMELINE_COPY_FAILED'; failures: readonly { id: number; reason: TimelineCopyFailure }[] }
  | { type: 'RETRY' }
  | { type: 'STOP_REQUESTED' }
  | { type: 'STOP_CANCELLED' }
  | { type: 'STOP_CONFIRMED' }
  | { type: 'STORAGE_FREED' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'CLEAR' };

/** The empty queue, online. */
export const INITIAL_UPLOADER_STATE: UploaderState = {
  items: [],
  firstId: 0,
  connection: 'Online',
  isPaused: false,
  isStopPending: false,
  isOutOfStorage: false,
};

/** Statuses of items the uploader still has work (or waiting) for. */
const ACTIVE: ReadonlySet<UploadStatus> = new Set(['Pending', 'Enqueued', 'Uploading', 'BackendSucceeded']);

/** True while an item is not finished: pending checks, queued, uploading or processing. */
export function isActive(item: UploadItem): boolean {
  return ACTIVE.has(item.status);
}

/** True while the uploader waits to retry by itself: Offline or ServerFull. */
export function isWaiting(connection: ConnectionStatus): boolean {
  return connection === 'Offline' || connection === 'ServerFull';
}

/** The item with `id`, if it is still in the queue. */
export function findItem(state: UploaderState, id: number): UploadItem | undefined {
  return state.items[id - state.firstId];
}

/**
 * The item to upload next, or undefined when uploading may not start. spec 000 §4: only
 * when not paused, no stop pending, not offline, nothing uploading, an enqueued item
 * exists, and not out of storage ("for non-target albums": every target so far is the
 * caller's own timeline or album, whose bytes count against the caller's storage).
 */
export function findStartable(state: UploaderState): UploadItem | undefined {
  if (state.isPaused || state.isStopPending || isWaiting(state.connection) || state.isOutOfStorage) {
    return undefined;
  }
  let enqueued: UploadItem | undefined;
  for (const item of state.items) {
    if (item.status === 'Uploading') return undefined;
    if (item.status === 'Enqueued') enqueued ??= item;
  }
  return enqueued;
}

/** Replaces the item `id` when `change` returns a new one; keeps the state when it does not. */
function updateItem(
  state: UploaderState,
  id: number,
  change: (item: UploadItem) => UploadItem | undefined,
): UploaderState {
  const index = id - state.firstId;
  const item = state.items[index];
  const next = item && change(item);
  if (!next) return state;
  const items = state.items.slice();
  items[index] = next;
  return { ...state, items };
}

/** Applies `change` to every item it returns a new one for; one copy of the list at most. */
function updateEach(
  state: UploaderState,
  change: (item: UploadItem) => UploadItem | undefined,
): UploaderState {
  let items: UploadItem[] | undefined;
  state.items.forEach((item, index) => {
    const next = change(item);
    if (!next) return;
    items ??= state.items.slice();
    items[index] = next;
  });
  return items ? { ...state, items } : state;
}

const rejected = (item: UploadItem, reason: RejectionReason): UploadItem => ({
  ...item,
  status: 'Rejected',
  statusReason: reason,
});

/** The answer of the server for an Uploading item (spec 000 §4 "Server responses"). */
function answered(item: UploadItem, answer: ServerAnswer, fileUUID: string | null): UploadItem {
  switch (answer) {
    case 'processing':
      return { ...item, status: 'BackendSucceeded', uploadedPercent: 100, fileUUID };
    case 'exists':
      return { ...item, status: 'Succeeded', uploadedPercent: 100, fileUUID };
    case 'deleted':
    case 'trashed':
      return { ...rejected(item, 'FileWasDeleted'), fileUUID };
  }
}

function added(state: UploaderState, items: readonly NewUploadItem[]): UploaderState {
  const start = state.firstId + state.items.length;
  const fresh = items.map((item, i): UploadItem => ({
    ...item,
    id: start + i,
    status: 'Pending',
    uploadedPercent: 0,
    fileUUID: null,
    statusReason: null,
    isMediaFailed: false,
  }));
  return fresh.length === 0 ? state : { ...state, items: [...state.items, ...fresh] };
}

/** spec 000 §4: Enqueued after the checks pass; a failed check rejects the file for good. */
function checked(
  state: UploaderState,
  results: readonly { id: number; reason: RejectionReason | null }[],
): UploaderState {
  const verdicts = new Map(results.map((result) => [result.id, result.reason]));
  return updateEach(state, (item) => {
    if (item.status !== 'Pending' || !verdicts.has(item.id)) return undefined;
    const reason = verdicts.get(item.id);
    return reason ? rejected(item, reason) : { ...item, status: 'Enqueued' };
  });
}

function progressed(state: UploaderState, id: number, reported: number): UploaderState {
  const percent = Math.max(0, Math.min(100, Math.floor(reported)));
  const item = findItem(state, id);
  if (item?.status !== 'Uploading') return state;
  // spec 000 §4: progress is reported in steps of at least 1 percent.
  const moved = percent >= item.uploadedPercent + 1;
  // spec 000 §4: progress above zero returns the uploader Online.
  const connection = percent > 0 ? 'Online' : state.connection;
  if (!moved && connection === state.connection) return state;
  const next = moved ? updateItem(state, id, (it) => ({ ...it, uploadedPercent: percent })) : state;
  return connection === next.connection ? next : { ...next, connection };
}

/** An Uploading item back to Enqueued at 0 % (a failure, or no storage). */
function requeued(state: UploaderState, id: number): UploaderState {
  return updateItem(state, id, (item) =>
    item.status === 'Uploading' ? { ...item, status: 'Enqueued', uploadedPercent: 0 } : undefined,
  );
}

function refused(state: UploaderState, id: number, reason: RejectionReason): UploaderState {
  if (reason === 'NoStorage') {
    // spec 000 §4: no storage returns the item to Enqueued and flags out-of-storage.
    const next = requeued(state, id);
    return next === state ? state : { ...next, isOutOfStorage: true };
  }
  return updateItem(state, id, (item) => (item.status === 'Uploading' ? rejected(item, reason) : undefined));
}

/**
 * spec 000 §4: Stop cancels items Enqueued or Uploading below 100 %; Pending ones (checks
 * still running) would otherwise become Enqueued and start, so they go too.
 */
function stopped(state: UploaderState): UploaderState {
  const next = updateEach(state, (item) =>
    item.status === 'Pending' ||
    item.status === 'Enqueued' ||
    (item.status === 'Uploading' && item.uploadedPercent < 100)
      ? { ...item, status: 'Cancelled' }
      : undefined,
  );
  return { ...next, isStopPending: false };
}

/** The machine of spec 000 §4 "Upload item". Unknown or out-of-order events leave the state as it is. */
export function uploadReducer(state: UploaderState, action: UploadAction): UploaderState {
  switch (action.type) {
    case 'ADD':
      return added(state, action.items);
    case 'CHECKED':
      return checked(state, action.results);
    case 'UPLOAD_STARTED':
      if (findStartable(state)?.id !== action.id) return state;
      return updateItem(state, action.id, (item) => ({ ...item, status: 'Uploading', uploadedPercent: 0 }));
    case 'PROGRESS':
      return progressed(state, action.id, action.percent);
    case 'SERVER_ANSWERED': {
      const next = updateItem(state, action.id, (item) =>
        item.status === 'Uploading' ? answered(item, action.answer, action.fileUUID) : undefined,
      );
      // An answer is the upload's last step, its 100 %: like any progress it proves the
      // connection (spec 000 §4 "progress above zero returns Online").
      return next === state ? state : { ...next, connection: 'Online' };
    }
    case 'UPLOAD_FAILED': {
      // spec 000 §4: a failed upload returns to Enqueued and marks the uploader Offline.
      const next = requeued(state, action.id);
      return next === state ? state : { ...next, connection: action.isServerFull ? 'ServerFull' : 'Offline' };
    }
    case 'REJECTED':
      return refused(state, action.id, action.reason);
    case 'BACKEND_DONE': {
      // spec 000 §4: the file appeared in the change feed, processed: complete.
      const ids = new Set(action.ids);
      return updateEach(state, (item) =>
        item.status === 'BackendSucceeded' && ids.has(item.id) ? { ...item, status: 'Succeeded' } : undefined,
      );
    }
    case 'MEDIA_FAILED': {
      // Arrives before BACKEND_DONE (or the copy to the timeline that precedes it) for the same files.
      const ids = new Set(action.ids);
      return updateEach(state, (item) =>
        item.status === 'BackendSucceeded' && ids.has(item.id) && !item.isMediaFailed
          ? { ...item, isMediaFailed: true }
          : undefined,
      );
    }
    case 'TIMELINE_COPY_FAILED': {
      // The upload itself is complete; the copy's failure is told with its reason.
      const reasons = new Map(action.failures.map(({ id, reason }) => [id, reason]));
      return updateEach(state, (item) => {
        const reason = reasons.get(item.id);
        return item.status === 'BackendSucceeded' && reason !== undefined
          ? { ...item, status: 'Succeeded', timelineCopyFailure: reason }
          : undefined;
      });
    }
    case 'RETRY':
      // spec 000 §4: retry sets Retrying.
      return isWaiting(state.connection) ? { ...state, connection: 'Retrying' } : state;
    case 'STOP_REQUESTED':
      return state.isStopPending ? state : { ...state, isStopPending: true };
    case 'STOP_CANCELLED':
      return state.isStopPending ? { ...state, isStopPending: false } : state;
    case 'STOP_CONFIRMED':
      return stopped(state);
    case 'STORAGE_FREED':
      return state.isOutOfStorage ? { ...state, isOutOfStorage: false } : state;
    case 'PAUSE':
      return state.isPaused ? state : { ...state, isPaused: true };
    case 'RESUME':
      return state.isPaused ? { ...state, isPaused: false } : state;
    case 'CLEAR':
      // spec 000 §4: the queue is cleared once uploads finished; never under running work.
      if (state.items.some(isActive)) return state;
      return {
        ...INITIAL_UPLOADER_STATE,
        firstId: state.firstId + state.items.length,
        isPaused: state.isPaused,
      };
  }
}
