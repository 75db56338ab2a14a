import { createStore, type StoreApi } from 'zustand/vanilla';
import { createCompletionPoller } from './completion-poller.ts';
import { createFileAdder, type AddFiles } from './enqueue-files.ts';
import { createItemSender } from './item-sender.ts';
import {
  findItem,
  findStartable,
  isActive,
  uploadReducer,
  type UploadAction,
  type UploaderState,
} from './model.ts';
import { createRetryCountdown } from './retry-countdown.ts';
import type { SendOutcome } from './send-file.ts';
import { createUploadHashes } from './upload-hashes.ts';
import {
  INITIAL_UPLOADER_VIEW,
  type PickedFile,
  type UploadNotice,
  type UploaderCore,
  type UploaderDeps,
  type UploaderView,
} from './uploader-types.ts';

export { RETRY_COUNTDOWN_SECONDS, SERVER_FULL_RETRY_SECONDS } from './retry-countdown.ts';
export type {
  PickedFile,
  UploadKind,
  UploadNotice,
  UploadTarget,
  UploaderDeps,
  UploaderView,
} from './uploader-types.ts';

/** The one upload queue of the app (spec 000 §4). */
export interface Uploader {
  readonly store: StoreApi<UploaderView>;
  /**
   * Checks and queues files for the timeline, or for `target` when given; false when refused
   * for lack of storage.
   */
  addFiles: AddFiles;
  /** The bytes of a queued item, for previews. */
  fileOf: (itemId: number) => File | undefined;
  /** spec 000 §4: Stop asks first; while it asks, no upload starts. */
  requestStop: () => void;
  cancelStop: () => void;
  confirmStop: () => void;
  /** spec 000 §4: a deletion, purchase or plan change clears out-of-storage. */
  storageFreed: () => void;
  showNotice: (notice: UploadNotice) => void;
  dismissNotice: () => void;
  openPanel: () => void;
  /** Hides the panel; a finished queue is cleared with it (spec 000 §4). */
  closePanel: () => void;
  /** Stops all work in flight (the app is leaving). */
  dispose: () => void;
}

/**
 * Creates the uploader; see model.ts for the states and [Note: Upload hashing] for hashing.
 * This file drives the queue (one upload at a time, the panel, clearing); its parts each do
 * one job: enqueue-files.ts (checks, storage), upload-hashes.ts, item-sender.ts (transport
 * and outcomes), completion-poller.ts (completion and the timeline copy), retry-countdown.ts.
 */
export function createUploader(deps: UploaderDeps): Uploader {
  const store = createStore<UploaderView>(() => INITIAL_UPLOADER_VIEW);
  const files = new Map<number, PickedFile>();
  let current: { id: number; abort: AbortController } | undefined;
  let hadActive = false;

  const queue = () => store.getState().queue;
  const rejectedIn = (state: UploaderState) =>
    state.items.filter((item) => item.status === 'Rejected').length;
  const dispatch = (action: UploadAction) => {
    const before = queue();
    const after = uploadReducer(before, action);
    if (after === before) return;
    // spec 000 §4: the panel opens when the number of rejected files grows.
    const canReject =
      action.type === 'CHECKED' || action.type === 'REJECTED' || action.type === 'SERVER_ANSWERED';
    const isMoreRejected = canReject && rejectedIn(after) > rejectedIn(before);
    store.setState({ queue: after, ...(isMoreRejected && { isPanelOpen: true }) });
    settle();
  };

  const core: UploaderCore = { store, queue, dispatch, files };
  const hashes = createUploadHashes(core, deps.hasher);
  const completion = createCompletionPoller(core, deps.api);
  const countdown = createRetryCountdown(core);
  const sender = createItemSender({ core, deps, hashes, completion, countdown });

  /** Runs after every change: start the next upload, run timers, clear a finished hidden queue. */
  function settle() {
    const state = queue();
    const next = findStartable(state);
    if (next && !current) void upload(next.id);
    const isBusy = state.items.some(isActive);
    if (hadActive && !isBusy) {
      completion.stop();
      deps.onBatchFinished?.();
    }
    hadActive = isBusy;
    // spec 000 §4: when uploads finish and the panel is not visible, the queue is cleared.
    if (state.items.length > 0 && !isBusy && !store.getState().isPanelOpen) clear();
  }

  function clear() {
    dispatch({ type: 'CLEAR' });
    files.clear();
    hashes.clear();
    sender.clear();
    completion.reset();
  }

  async function upload(id: number) {
    const abort = new AbortController();
    current = { id, abort };
    dispatch({ type: 'UPLOAD_STARTED', id });
    if (findItem(queue(), id)?.status !== 'Uploading') {
      current = undefined;
      return;
    }
    let outcome: SendOutcome | undefined;
    try {
      outcome = await sender.attempt(id, abort.signal);
    } catch {
      // Aborted by Stop (the item is Cancelled already), or a fault of this code: the file
      // must not stay Uploading, which would block the queue for good.
      if (!abort.signal.aborted) outcome = { kind: 'rejected', reason: 'Unknown' };
    }
    current = undefined;
    // A file that will be retried keeps its hash: a 10 GB video is not read twice.
    if (outcome?.kind !== 'failed') hashes.forget(id);
    if (outcome) sender.apply(id, outcome);
    else settle();
  }

  return {
    store,
    addFiles: createFileAdder(core, deps),
    fileOf: (itemId) => files.get(itemId)?.file,
    requestStop: () => {
      dispatch({ type: 'STOP_REQUESTED' });
    },
    cancelStop: () => {
      dispatch({ type: 'STOP_CANCELLED' });
    },
    confirmStop: () => {
      dispatch({ type: 'STOP_CONFIRMED' });
      hashes.abort();
      // An upload at 100 % is not cancelled (spec 000 §4): its answer is still awaited.
      if (current && findItem(queue(), current.id)?.status === 'Cancelled') current.abort.abort();
    },
    storageFreed: () => {
      dispatch({ type: 'STORAGE_FREED' });
    },
    showNotice: (notice) => {
      store.setState({ notice, isPanelOpen: true });
    },
    dismissNotice: () => {
      store.setState({ notice: null });
    },
    openPanel: () => {
      store.setState({ isPanelOpen: true });
    },
    closePanel: () => {
      store.setState({ isPanelOpen: false, notice: null });
      if (!queue().items.some(isActive)) clear();
    },
    // Stops the work in flight; the uploader stays usable (React may mount a provider twice).
    dispose: () => {
      countdown.stop();
      completion.stop();
      hashes.abort();
      current?.abort.abort();
      deps.hasher.dispose();
    },
  };
}
