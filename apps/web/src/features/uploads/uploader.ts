import type { AccountInfo } from '@trove/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HttpClient } from '../../api/http-client.ts';
import { prepareFiles } from './add-files.ts';
import { exceedsStorage, fetchMediaExtensions, type MediaExtensions } from './checks.ts';
import { CHANGE_POLL_MS, createCompletionWatch, type CompletionWatch } from './completion.ts';
import { UnreadableFileError, type Hasher } from './hasher.ts';
import {
  INITIAL_UPLOADER_STATE,
  findItem,
  findStartable,
  isActive,
  uploadReducer,
  type UploadAction,
  type UploaderState,
} from './model.ts';
import { sendFile, type SendOutcome } from './send-file.ts';
import { createTimelineCopier } from './timeline-copy.ts';
import type { SendBytes } from './transport.ts';

/** spec 000 §9: the countdown to the automatic retry after a failure. */
export const RETRY_COUNTDOWN_SECONDS = 4;
/** ServerFull (a 507: the server's disk is full) waits longer: space takes an operator. */
export const SERVER_FULL_RETRY_SECONDS = 60;
/** A server that keeps failing (5xx) one file is given up on after this many tries. */
const MAX_SERVER_FAILURES = 5;

/** A file the user picked or dropped, with the folder it came from ('' for none). */
export interface PickedFile {
  file: File;
  folder: string;
}

/**
 * Where added files go: the caller's timeline (the default), or an album, maybe also copied
 * to the timeline once there (spec 000 §4 Upload item, [Note: Copy to the timeline]).
 */
export interface UploadTarget {
  jobId: string;
  alsoTimeline: boolean;
}

/** A message the panel shows about an add that did not happen (spec 000 §5, §8). */
export type UploadNotice = 'insufficientStorage' | 'safariFolder' | 'addFailed';

/** Everything the upload UI reads. */
export interface UploaderView {
  queue: UploaderState;
  /** spec 000 §4: the panel opens when uploads start or rejections grow. */
  isPanelOpen: boolean;
  /** While Offline: the file that failed and the seconds until it is retried. */
  retry: { itemId: number; seconds: number } | null;
  /** Files picked or dropped whose checks still run, before they join the queue. */
  preparing: number;
  notice: UploadNotice | null;
}

/** What the uploader needs from the app. */
export interface UploaderDeps {
  api: HttpClient;
  send: SendBytes;
  hasher: Hasher;
  getTimelineJobId(): Promise<string>;
  getAccount(): Promise<Pick<AccountInfo, 'used_space' | 'max_space'>>;
  /** Where resumable uploads are remembered (localStorage in the app). */
  resumeStore?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Told when a batch finished, to refresh what depends on uploads (storage used). */
  onBatchFinished?(): void;
}

/** The one upload queue of the app (spec 000 §4). */
export interface Uploader {
  readonly store: StoreApi<UploaderView>;
  /**
   * Checks and queues files for the timeline, or for `target` when given; false when refused
   * for lack of storage.
   */
  addFiles: (picked: readonly PickedFile[], target?: UploadTarget) => Promise<boolean>;
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

/** Creates the uploader; see model.ts for the states and [Note: Upload hashing] for hashing. */
export function createUploader(deps: UploaderDeps): Uploader {
  const store = createStore<UploaderView>(() => ({
    queue: INITIAL_UPLOADER_STATE,
    isPanelOpen: false,
    retry: null,
    preparing: 0,
    notice: null,
  }));
  const files = new Map<number, PickedFile>();
  const hashes = new Map<number, Promise<string>>();
  const serverFailures = new Map<number, number>();
  const watches = new Map<string, CompletionWatch>();
  const copier = createTimelineCopier(deps.api);
  let isCopying = false;
  let hashAbort = new AbortController();
  let current: { id: number; abort: AbortController } | undefined;
  let extensions: Promise<MediaExtensions> | undefined;
  let retryTimer: ReturnType<typeof setInterval> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

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

  /** Runs after every change: start the next upload, run timers, clear a finished hidden queue. */
  function settle() {
    const state = queue();
    const next = findStartable(state);
    if (next && !current) void upload(next.id);
    const isBusy = state.items.some(isActive);
    if (hadActive && !isBusy) {
      stopPolling();
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
    serverFailures.clear();
    for (const watch of watches.values()) watch.reset();
    copier.reset();
  }

  /** spec 000 §4: Offline shows a 4 s countdown, then retries by itself. */
  function startCountdown(itemId: number, from = RETRY_COUNTDOWN_SECONDS) {
    clearInterval(retryTimer);
    store.setState({ retry: { itemId, seconds: from } });
    retryTimer = setInterval(() => {
      const seconds = (store.getState().retry?.seconds ?? 1) - 1;
      if (seconds > 0) {
        store.setState({ retry: { itemId, seconds } });
        return;
      }
      clearInterval(retryTimer);
      retryTimer = undefined;
      store.setState({ retry: null });
      dispatch({ type: 'RETRY' });
    }, 1000);
  }

  function watchOf(jobId: string): CompletionWatch {
    let watch = watches.get(jobId);
    if (!watch) {
      watch = createCompletionWatch(deps.api, jobId);
      watches.set(jobId, watch);
    }
    return watch;
  }

  /** Files the server finished: complete, or first copied to the timeline when they target it too. */
  function finished(ids: readonly number[]) {
    const done: number[] = [];
    for (const id of ids) {
      const item = findItem(queue(), id);
      if (item?.alsoTimeline && item.fileUUID) copier.add(id, item.targetJob, item.fileUUID);
      else done.push(id);
    }
    if (done.length > 0) dispatch({ type: 'BACKEND_DONE', ids: done });
    flushCopies();
  }

  /** Sends the waiting timeline copies, one flush at a time; failures wait for the next tick. */
  function flushCopies() {
    if (isCopying || copier.size === 0) return;
    isCopying = true;
    void copier
      .flush()
      .then((ids) => {
        if (ids.length > 0) dispatch({ type: 'BACKEND_DONE', ids });
      })
      .finally(() => {
        isCopying = false;
      });
  }

  function startPolling() {
    if (pollTimer !== undefined) return;
    pollTimer = setInterval(() => {
      flushCopies();
      for (const watch of watches.values()) {
        watch.poll().then(
          (ids) => {
            if (ids.length > 0) finished(ids);
          },
          // A failed poll is asked again on the next tick.
          () => undefined,
        );
      }
    }, CHANGE_POLL_MS);
  }

  function stopPolling() {
    clearInterval(pollTimer);
    pollTimer = undefined;
  }

  function hashOf(id: number): Promise<string> | undefined {
    const picked = files.get(id);
    if (!picked) return undefined;
    let hash = hashes.get(id);
    if (!hash) {
      hash = deps.hasher.sha1(picked.file, hashAbort.signal);
      // A hash computed ahead may fail before anyone awaits it; upload() sees the failure.
      hash.catch(() => undefined);
      hashes.set(id, hash);
    }
    return hash;
  }

  /** Hashes the next queued file while this one uploads. */
  function hashAhead(afterId: number) {
    const state = queue();
    const next = state.items.find((item) => item.id > afterId && item.status === 'Enqueued');
    if (next) void hashOf(next.id);
  }

  async function attempt(id: number, signal: AbortSignal): Promise<SendOutcome> {
    const picked = files.get(id);
    const item = findItem(queue(), id);
    if (!picked || !item) return { kind: 'rejected', reason: 'LocalFileUnavailable' };
    let sha1: string;
    try {
      sha1 = (await hashOf(id)) ?? '';
    } catch (error) {
      if (error instanceof UnreadableFileError) return { kind: 'rejected', reason: 'LocalFileUnavailable' };
      throw error;
    }
    hashAhead(id);
    const watch = watchOf(item.targetJob);
    try {
      await watch.ensureCursor(signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'failed', isNetwork: true };
    }
    const outcome = await sendFile(
      { api: deps.api, send: deps.send, ...(deps.resumeStore && { store: deps.resumeStore }) },
      {
        jobId: item.targetJob,
        file: picked.file,
        path: picked.folder ? `${picked.folder}/${picked.file.name}` : picked.file.name,
        sha1,
        signal,
        onProgress: (percent) => {
          dispatch({ type: 'PROGRESS', id, percent });
        },
      },
    );
    if (outcome.kind === 'answered' && outcome.answer === 'processing' && outcome.fileUUID) {
      watch.watch(outcome.fileUUID, id, outcome.isDedup ? 1 : 2);
      startPolling();
    }
    if (outcome.kind === 'answered' && outcome.answer === 'exists' && outcome.fileUUID && item.alsoTimeline) {
      // The album has the file already, but the timeline may not: the item stays processing
      // until the copy is done (see [Note: Copy to the timeline]).
      copier.add(id, item.targetJob, outcome.fileUUID);
      startPolling();
      return { ...outcome, answer: 'processing' };
    }
    return outcome;
  }

  function apply(id: number, outcome: SendOutcome) {
    switch (outcome.kind) {
      case 'answered':
        serverFailures.delete(id);
        dispatch({ type: 'SERVER_ANSWERED', id, answer: outcome.answer, fileUUID: outcome.fileUUID });
        flushCopies();
        return;
      case 'rejected':
        dispatch({ type: 'REJECTED', id, reason: outcome.reason });
        return;
      case 'failed': {
        if (outcome.isServerFull) {
          // Not the file's fault and not counted against it: it waits however long it takes.
          dispatch({ type: 'UPLOAD_FAILED', id, isServerFull: true });
          if (queue().connection === 'ServerFull') startCountdown(id, SERVER_FULL_RETRY_SECONDS);
          return;
        }
        const failures = outcome.isNetwork ? 0 : (serverFailures.get(id) ?? 0) + 1;
        serverFailures.set(id, failures);
        if (failures >= MAX_SERVER_FAILURES) {
          dispatch({ type: 'REJECTED', id, reason: 'Unknown' });
          return;
        }
        dispatch({ type: 'UPLOAD_FAILED', id });
        if (queue().connection === 'Offline') startCountdown(id);
        return;
      }
    }
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
      outcome = await attempt(id, abort.signal);
    } catch {
      // Aborted by Stop (the item is Cancelled already), or a fault of this code: the file
      // must not stay Uploading, which would block the queue for good.
      if (!abort.signal.aborted) outcome = { kind: 'rejected', reason: 'Unknown' };
    }
    current = undefined;
    // A file that will be retried keeps its hash: a 10 GB video is not read twice.
    if (outcome?.kind !== 'failed') hashes.delete(id);
    if (outcome) apply(id, outcome);
    else settle();
  }

  async function addFiles(picked: readonly PickedFile[], target?: UploadTarget): Promise<boolean> {
    if (picked.length === 0) return true;
    extensions ??= fetchMediaExtensions(deps.api);
    const preparing = (change: number) => {
      store.setState({ preparing: store.getState().preparing + change });
    };
    store.setState({ isPanelOpen: true, notice: null });
    preparing(picked.length);
    try {
      const [jobId, known, account] = await Promise.all([
        deps.getTimelineJobId(),
        extensions,
        // Without account info the server's own quota check still applies, file by file.
        deps.getAccount().catch(() => undefined),
      ]);
      const into = target ?? { jobId, alsoTimeline: false };
      const prepared = await prepareFiles(picked, known, into);
      // spec 000 §5: adding to the timeline (not a story) is refused when the files do not
      // fit, counting what is queued and not yet on the server. A copy to the timeline
      // shares the album's bytes, so it takes no further storage.
      const queued = queue()
        .items.filter(
          (item) => item.status === 'Pending' || item.status === 'Enqueued' || item.status === 'Uploading',
        )
        .reduce((sum, item) => sum + item.size, 0);
      if (into.jobId === jobId && account && exceedsStorage(prepared.bytes + queued, account)) {
        store.setState({ notice: 'insufficientStorage', isPanelOpen: true });
        return false;
      }
      const firstId = queue().firstId + queue().items.length;
      picked.forEach((entry, index) => files.set(firstId + index, entry));
      dispatch({ type: 'ADD', items: prepared.items });
      dispatch({
        type: 'CHECKED',
        results: prepared.verdicts.map((reason, index) => ({ id: firstId + index, reason })),
      });
      return true;
    } finally {
      preparing(-picked.length);
    }
  }

  return {
    store,
    addFiles,
    fileOf: (itemId) => files.get(itemId)?.file,
    requestStop: () => {
      dispatch({ type: 'STOP_REQUESTED' });
    },
    cancelStop: () => {
      dispatch({ type: 'STOP_CANCELLED' });
    },
    confirmStop: () => {
      dispatch({ type: 'STOP_CONFIRMED' });
      hashAbort.abort();
      hashAbort = new AbortController();
      hashes.clear();
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
      clearInterval(retryTimer);
      retryTimer = undefined;
      stopPolling();
      hashAbort.abort();
      hashAbort = new AbortController();
      hashes.clear();
      current?.abort.abort();
      deps.hasher.dispose();
    },
  };
}
