import { useReducer, useRef } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { HttpError } from '../../api/http-error.ts';
import { alertOfError, type DownloadAlertKind } from './alerts.ts';
import { prepareArchive, startArchiveDownload } from './api.ts';
import { downloadReducer, failureOf, INITIAL_DOWNLOAD, type DownloadModalInfo } from './model.ts';
import type { DownloadPlan } from './plan.ts';

/**
 * The download modal's state and its parts' work (See: [Note: Download modal]): a plan opens
 * it; each part is prepared on its click (POST …_as_archive, with the HEIC choice) and then
 * handed to the browser. A part refused for a limit also raises `onAlert`. Closing, or a new
 * download, drops the requests in flight.
 */
export function useDownloadModal(onAlert: (kind: DownloadAlertKind) => void) {
  const api = useApi();
  const [model, dispatch] = useReducer(downloadReducer, INITIAL_DOWNLOAD);
  const inFlight = useRef(new Set<AbortController>());

  const abortParts = () => {
    for (const controller of inFlight.current) controller.abort();
    inFlight.current.clear();
  };

  const downloadPart = async (index: number) => {
    const { info, target, serial, heicToJpeg } = model;
    const part = model.parts[index];
    if (!info || !target || !part || part.status === 'preparing') return;
    dispatch({ type: 'preparing', serial, index });
    const controller = new AbortController();
    inFlight.current.add(controller);
    const options = { zip_filename: part.name, heic_to_jpeg: heicToJpeg };
    try {
      const archive = await prepareArchive(api, target, part.fileIDs, options, controller.signal);
      if (controller.signal.aborted) return;
      const url = startArchiveDownload(api.directory, archive);
      dispatch({ type: 'started', serial, index, url, fileName: archive.file_name });
    } catch (error) {
      if (controller.signal.aborted) return;
      warnFailed(info, error);
      const alert = alertOfError(error);
      if (alert) onAlert(alert);
      dispatch({ type: 'failed', serial, index, failure: failureOf(info.downloadType) });
    } finally {
      inFlight.current.delete(controller);
    }
  };

  return {
    model,
    open: (plan: DownloadPlan) => {
      abortParts();
      dispatch({ type: 'open', info: plan.info, pages: plan.pages, target: plan.target });
    },
    downloadPart: (index: number) => void downloadPart(index),
    setHeicToJpeg: (value: boolean) => {
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
  };
}

/** Logs a failed download by its kind (spec 000 §8 a failed action per kind), without URLs or ids. */
export function warnFailed(info: DownloadModalInfo, error: unknown): void {
  const code = error instanceof HttpError ? error.code : 'unknown';
  console.warn(`download of ${failureOf(info.downloadType)} failed: ${code}`);
}
