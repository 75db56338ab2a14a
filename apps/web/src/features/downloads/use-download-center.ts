import type { TrashFile } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { downloadFile } from '../file-actions/actions.ts';
import { alertOfError, albumAlertOf, alertQueueReducer, type AlertQueue } from './alerts.ts';
import { prepareArchive, selectedFiles, startArchiveDownload } from './api.ts';
import { downloadQueue, type DownloadRequest } from './download-requests.ts';
import {
  downloadReducer,
  failureOf,
  INITIAL_DOWNLOAD,
  type DownloadModalInfo,
  type DownloadModel,
} from './model.ts';
import type { DownloadPage } from './parts.ts';
import {
  downloadFileOf,
  needsModal,
  planAlbum,
  planDownload,
  trashDownloadFileOf,
  type DownloadPlan,
} from './plan.ts';

/** spec 000 §4: the in-progress toast of a download being prepared, one however many run. */
const PREPARING_TOAST_KEY = 'downloads.preparing';

/** The trash walk of download all (spec 000 §4 Download-all dialog: progress, then closed). */
export interface TrashWalk {
  done: number;
  total: number | undefined;
}

/** What {@link useDownloadCenter} gives the download center's views. */
export interface DownloadCenter {
  model: DownloadModel;
  alerts: AlertQueue;
  walk: TrashWalk | null;
  downloadPart: (index: number) => void;
  setHeicToJpeg: (value: boolean) => void;
  minimize: () => void;
  maximize: () => void;
  close: () => void;
  dismissAlert: () => void;
  cancelWalk: () => void;
}

/**
 * The download center's state and work (see [Note: Lazy downloads], [Note: Download modal]):
 * takes the requests of `requestDownload` as they come, turns each into its files and parts,
 * and prepares each part when asked, handing the archive to the browser.
 */
export function useDownloadCenter(): DownloadCenter {
  const api = useApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const toasts = useToasts();
  const [model, dispatch] = useReducer(downloadReducer, INITIAL_DOWNLOAD);
  const [alerts, dispatchAlert] = useReducer(alertQueueReducer, []);
  const [walk, setWalk] = useState<TrashWalk | null>(null);
  const walkAbort = useRef<AbortController | null>(null);
  const inFlight = useRef(new Set<AbortController>());

  const abortParts = () => {
    for (const controller of inFlight.current) controller.abort();
    inFlight.current.clear();
  };

  /** spec 000 §8: a limit the server refused with shows its alert; anything else the generic failure. */
  const showFailure = (error: unknown, retry?: () => void) => {
    const alert = alertOfError(error);
    if (alert) {
      dispatchAlert({ type: 'alert', kind: alert });
      return;
    }
    toasts.show({
      kind: 'error',
      text: intl.formatMessage({ id: 'downloads.failed' }),
      ...(retry && { action: { label: intl.formatMessage({ id: 'common.tryAgain' }), onAction: retry } }),
    });
  };

  const showPreparing = () =>
    toasts.show({
      kind: 'progress',
      key: PREPARING_TOAST_KEY,
      text: intl.formatMessage({ id: 'downloads.preparing' }),
    });

  /** A download of one part without HEIC: prepared at once under the toast, no modal. */
  const downloadNow = async (plan: DownloadPlan, page: DownloadPage) => {
    const progress = showPreparing();
    try {
      const archive = await prepareArchive(api, plan.target, page.fileIDs, { zip_filename: page.name });
      startArchiveDownload(api.directory, archive);
    } catch (error) {
      warn(plan.info, error);
      showFailure(error, () => void downloadNow(plan, page));
    } finally {
      toasts.dismiss(progress);
    }
  };

  const begin = async (plan: DownloadPlan) => {
    if (needsModal(plan)) {
      // A new download takes the modal: the parts of the one before are dropped.
      abortParts();
      dispatch({ type: 'open', info: plan.info, pages: plan.pages, target: plan.target });
    } else if (plan.pages[0]) {
      await downloadNow(plan, plan.pages[0]);
    }
  };

  /** Walks the whole trash with the download-all dialog; null when cancelled. */
  const walkTrash = async (request: Extract<DownloadRequest, { kind: 'trashAll' }>) => {
    const controller = new AbortController();
    walkAbort.current = controller;
    setWalk({ done: 0, total: undefined });
    try {
      const files = await request.fetchAll((done, total) => {
        if (!controller.signal.aborted) setWalk({ done, total });
      }, controller.signal);
      return controller.signal.aborted ? null : files;
    } catch (error) {
      if (controller.signal.aborted) return null;
      throw error;
    } finally {
      if (walkAbort.current === controller) {
        walkAbort.current = null;
        setWalk(null);
      }
    }
  };

  /** The files and parts of a selection; spec 000 §7: a single file downloads directly. */
  const runSelection = async (request: Extract<DownloadRequest, { kind: 'selection' }>) => {
    const progress = showPreparing();
    try {
      const files = await selectedFiles(queryClient, api, request);
      const [first] = files;
      if (files.length === 1 && first) downloadFile(api.directory, first);
      if (files.length < 2) return;
      const { jobId, name = intl.formatMessage({ id: 'downloads.name.photos' }) } = request.source;
      // Still under this toast: one preparing toast from the click to the archive.
      await begin(planDownload(files.map(downloadFileOf), name, { kind: 'job', jobId }));
    } catch (error) {
      showFailure(error);
    } finally {
      toasts.dismiss(progress);
    }
  };

  /** Trashed files in parts (spec 000 §5: a paginated download of an empty list does nothing). */
  const runTrash = async (files: readonly TrashFile[] | null) => {
    if (!files || files.length === 0) return;
    const name = intl.formatMessage({ id: 'downloads.name.deleted' });
    await begin(planDownload(files.map(trashDownloadFileOf), name, { kind: 'trash' }));
  };

  const run = async (request: DownloadRequest) => {
    switch (request.kind) {
      case 'selection':
        return runSelection(request);
      case 'job': {
        // spec 000 §5: an album over the limits is blocked, with its alert.
        const alert = albumAlertOf(request.album);
        if (alert) {
          dispatchAlert({ type: 'alert', kind: alert });
          return;
        }
        const title = request.album.title.trim() || intl.formatMessage({ id: 'downloads.name.untitled' });
        return begin(planAlbum(request.album, title, request.headers));
      }
      case 'trash':
        return runTrash(request.files);
      case 'trashAll':
        try {
          await runTrash(await walkTrash(request));
        } catch (error) {
          showFailure(error);
        }
    }
  };

  const handleRequest = useEffectEvent((request: DownloadRequest) => {
    void run(request);
  });
  useEffect(() => {
    const take = () => {
      const { requests } = downloadQueue.getState();
      if (requests.length === 0) return;
      downloadQueue.setState({ requests: [] });
      for (const request of requests) handleRequest(request);
    };
    take();
    return downloadQueue.subscribe(take);
  }, []);

  const downloadPart = async (index: number) => {
    const { info, target, serial, heicToJpeg } = model;
    const part = model.parts[index];
    if (!info || !target || !part || part.status === 'preparing') return;
    dispatch({ type: 'preparing', serial, index });
    const controller = new AbortController();
    inFlight.current.add(controller);
    try {
      const archive = await prepareArchive(
        api,
        target,
        part.fileIDs,
        { zip_filename: part.name, heic_to_jpeg: heicToJpeg },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const url = startArchiveDownload(api.directory, archive);
      dispatch({ type: 'started', serial, index, url, fileName: archive.file_name });
    } catch (error) {
      if (controller.signal.aborted) return;
      warn(info, error);
      const alert = alertOfError(error);
      if (alert) dispatchAlert({ type: 'alert', kind: alert });
      dispatch({ type: 'failed', serial, index, failure: failureOf(info.downloadType) });
    } finally {
      inFlight.current.delete(controller);
    }
  };

  return {
    model,
    alerts,
    walk,
    downloadPart: (index) => void downloadPart(index),
    setHeicToJpeg: (value) => {
      dispatch({ type: 'setHeicToJpeg', value });
    },
    minimize: () => {
      dispatch({ type: 'minimize' });
    },
    maximize: () => {
      dispatch({ type: 'maximize' });
    },
    close: () => {
      abortParts();
      dispatch({ type: 'close' });
    },
    dismissAlert: () => {
      dispatchAlert({ type: 'dismiss' });
    },
    cancelWalk: () => {
      // Closed at once, whenever the page on its way answers.
      walkAbort.current?.abort();
      walkAbort.current = null;
      setWalk(null);
    },
  };
}

/** Logs a failed download by its kind (spec 000 §8), without URLs or ids. */
function warn(info: DownloadModalInfo, error: unknown) {
  const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
  console.warn(`download of ${failureOf(info.downloadType)} failed: ${code}`);
}
