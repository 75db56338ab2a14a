import { isUnnamedTitle, type TrashFile } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useReducer } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { downloadFile } from '../file-actions/index.ts';
import { alertOfError, albumAlertOf, alertQueueReducer, type DownloadAlertKind } from './alerts.ts';
import { prepareArchive, selectedFiles, startArchiveDownload } from './api.ts';
import { downloadQueue, type DownloadRequest } from './download-requests.ts';
import type { DownloadPage } from './parts.ts';
import {
  downloadFileOf,
  needsModal,
  planAlbum,
  planExport,
  planDownload,
  trashDownloadFileOf,
  type DownloadPlan,
} from './plan.ts';
import { useDownloadModal, warnFailed } from './use-download-modal.ts';
import { useTrashWalk } from './use-trash-walk.ts';

/** spec 000 §4: the in-progress toast of a download being prepared, one however many run. */
const PREPARING_TOAST_KEY = 'downloads.preparing';

/**
 * The download center's state and work (See: [Note: Lazy downloads]): takes the requests of
 * `requestDownload` as they come and turns each into its files and a plan; a plan of one
 * part without HEIC is downloaded at once under the 'preparing download' toast, any other
 * opens the download modal. Limits give the alerts of the download alert queue (spec 000 §4).
 */
export function useDownloadCenter() {
  const [alerts, dispatchAlert] = useReducer(alertQueueReducer, []);
  const alert = (kind: DownloadAlertKind) => {
    dispatchAlert({ type: 'alert', kind });
  };
  const modal = useDownloadModal(alert);
  const trash = useTrashWalk();
  const direct = useDirectDownloads(alert);

  const begin = async (plan: DownloadPlan) => {
    if (needsModal(plan)) modal.open(plan);
    else if (plan.pages[0]) await direct.downloadNow(plan, plan.pages[0]);
  };
  const run = useRun(begin, alert, direct, trash.walkTrash);

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

  return {
    ...modal,
    alerts,
    dismissAlert: () => {
      dispatchAlert({ type: 'dismiss' });
    },
    walk: trash.walk,
    cancelWalk: trash.cancelWalk,
  };
}

/** What {@link useDownloadCenter} gives the download center's views. */
export type DownloadCenter = ReturnType<typeof useDownloadCenter>;

type Direct = ReturnType<typeof useDirectDownloads>;

/** Downloads without the modal, under the 'preparing download' toast, and their failures (spec 000 §8). */
function useDirectDownloads(alert: (kind: DownloadAlertKind) => void) {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();

  const showPreparing = () =>
    toasts.show({
      kind: 'progress',
      key: PREPARING_TOAST_KEY,
      text: intl.formatMessage({ id: 'downloads.preparing' }),
    });

  /** A limit the server refused with shows its alert; anything else the generic failure. */
  const showFailure = (error: unknown, retry?: () => void) => {
    const kind = alertOfError(error);
    if (kind) {
      alert(kind);
      return;
    }
    toasts.show({
      kind: 'error',
      text: intl.formatMessage({ id: 'downloads.failed' }),
      ...(retry && { action: { label: intl.formatMessage({ id: 'common.tryAgain' }), onAction: retry } }),
    });
  };

  const downloadNow = async (plan: DownloadPlan, page: DownloadPage) => {
    const progress = showPreparing();
    try {
      const archive = await prepareArchive(api, plan.target, page.fileIDs, { zip_filename: page.name });
      startArchiveDownload(api.directory, archive);
    } catch (error) {
      warnFailed(plan.info, error);
      showFailure(error, () => void downloadNow(plan, page));
    } finally {
      toasts.dismiss(progress);
    }
  };

  return { showPreparing, showFailure, downloadNow, dismiss: toasts.dismiss };
}

/** Carries out one request: its files, their name, and the plan handed to `begin`. */
function useRun(
  begin: (plan: DownloadPlan) => Promise<void>,
  alert: (kind: DownloadAlertKind) => void,
  direct: Direct,
  walkTrash: ReturnType<typeof useTrashWalk>['walkTrash'],
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const intl = useIntl();

  /** spec 000 §7: a single file downloads directly; more in an archive, in parts past the limits. */
  const runSelection = async (request: Extract<DownloadRequest, { kind: 'selection' }>) => {
    const progress = direct.showPreparing();
    try {
      const files = await selectedFiles(queryClient, api, request);
      const [first] = files;
      if (files.length === 1 && first) downloadFile(api.directory, first);
      if (files.length < 2) return;
      const { jobId, name = intl.formatMessage({ id: 'downloads.name.photos' }) } = request.source;
      // Still under this toast: one preparing toast from the click to the archive.
      await begin(planDownload(files.map(downloadFileOf), name, { kind: 'job', jobId }));
    } catch (error) {
      direct.showFailure(error);
    } finally {
      direct.dismiss(progress);
    }
  };

  /** Files known up front: one directly (spec 000 §7), more as the archive of their job. */
  const runFiles = async (request: Extract<DownloadRequest, { kind: 'files' }>) => {
    const [first] = request.files;
    if (request.files.length === 1 && first) downloadFile(api.directory, first);
    if (request.files.length < 2) return;
    const target = { kind: 'job' as const, jobId: request.jobId, headers: request.headers };
    await begin(planDownload(request.files.map(downloadFileOf), request.name, target));
  };

  /** spec 000 §5: a paginated download of an empty list does nothing. */
  const runTrash = async (files: readonly TrashFile[] | null) => {
    if (!files || files.length === 0) return;
    const name = intl.formatMessage({ id: 'downloads.name.deleted' });
    await begin(planDownload(files.map(trashDownloadFileOf), name, { kind: 'trash' }));
  };

  return async (request: DownloadRequest) => {
    switch (request.kind) {
      case 'selection':
        return runSelection(request);
      case 'job': {
        // spec 000 §5: an album over the limits is blocked, with its alert.
        const kind = albumAlertOf(request.album);
        if (kind) {
          alert(kind);
          return;
        }
        const title = isUnnamedTitle(request.album.title)
          ? intl.formatMessage({ id: 'downloads.name.untitled' })
          : request.album.title.trim();
        return begin(planAlbum(request.album, title, request.headers));
      }
      case 'export': {
        const kind = albumAlertOf({ media_count: request.album.media_count });
        if (kind) {
          alert(kind);
          return;
        }
        const name = request.album.name.trim() || intl.formatMessage({ id: 'downloads.name.untitled' });
        return begin(planExport(request.album, name));
      }
      case 'files':
        return runFiles(request);
      case 'trash':
        return runTrash(request.files);
      case 'trashAll':
        try {
          await runTrash(await walkTrash(request));
        } catch (error) {
          direct.showFailure(error);
        }
    }
  };
}
