import type { RemoteFile } from '@trove/contract';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/http-error.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { startArchiveDownload } from '../downloads/api.ts';
import { downloadFile } from '../file-actions/index.ts';
import { prepareArchive } from './api.ts';
import { planDownload } from './model.ts';

/** The download limit alerts of spec 000 §4 that apply to a selection: file count and size. */
export type DownloadLimit = 'tooMany' | 'tooLarge';

/** Key of the in-progress toast: concurrent downloads show one (spec 000 §4 toast queue). */
const PREPARING = 'documents.preparingDownload';

/** What {@link useDocumentDownload} offers. */
export interface DocumentDownload {
  /** Downloads the documents: one directly, several as one zip (see `planDownload`). */
  download: (files: readonly RemoteFile[]) => Promise<void>;
  /** The limit alert to show, if a download was over one. */
  limit: DownloadLimit | null;
  closeLimit: () => void;
}

/**
 * Downloads of the documents screen (spec 000 §2: the selection toolbar's download). One
 * document is the browser's own download of its original (`download=1`); several are
 * prepared as a zip named "Documents" (POST files_as_archive) whose URL the browser then
 * downloads, never through a Blob in memory. While the zip is prepared a 'Preparing
 * download…' toast shows (spec 000 §4); over the limits of spec 000 §5/§9 an alert says
 * which, and any other failure the download error of spec 000 §8.
 */
export function useDocumentDownload(jobId: string): DocumentDownload {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const [limit, setLimit] = useState<DownloadLimit | null>(null);

  const download = useCallback(
    async (files: readonly RemoteFile[]) => {
      if (files.length === 0) return;
      const plan = planDownload(files);
      if (plan.kind === 'single') {
        downloadFile(api.directory, plan.file);
        return;
      }
      if (plan.kind !== 'archive') {
        setLimit(plan.kind);
        return;
      }
      const progress = toasts.show({
        kind: 'progress',
        key: PREPARING,
        text: intl.formatMessage({ id: 'documents.preparingDownload' }),
      });
      try {
        const archive = await prepareArchive(api, jobId, plan.ids);
        startArchiveDownload(api.directory, archive);
      } catch (error) {
        if (isApiError(error, 'download_too_many_files')) setLimit('tooMany');
        else if (isApiError(error, 'download_too_large')) setLimit('tooLarge');
        else toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'documents.downloadFailed' }) });
      } finally {
        toasts.dismiss(progress);
      }
    },
    [api, jobId, intl, toasts],
  );

  const closeLimit = useCallback(() => {
    setLimit(null);
  }, []);

  return { download, limit, closeLimit };
}
