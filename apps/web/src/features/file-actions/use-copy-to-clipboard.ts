import type { RemoteFile } from '@trove/contract';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { copyImageToClipboard } from './clipboard.ts';

// Apart from use-file-actions.ts, which the timeline's selection bar loads at once: only the
// file menus (lazy parts) copy images, so the image pipeline stays out of the first load.

/** Key of the in-progress toast, so concurrent copies show one toast (spec 000 §4). */
const COPYING_KEY = 'fileActions.copying';

/**
 * Copies a file's image to the clipboard (spec 000 §4, §8): a 'Copying…' toast and the wait
 * cursor while it works, then 'Image copied' or 'Failed to copy!' (the failure is logged).
 * Call the returned function straight from a click handler so the browser sees the gesture.
 */
export function useCopyToClipboard(): (file: RemoteFile) => void {
  const api = useApi();
  const toasts = useToasts();
  const intl = useIntl();

  return useCallback(
    (file) => {
      const progress = toasts.show({
        kind: 'progress',
        key: COPYING_KEY,
        text: intl.formatMessage({ id: 'fileActions.copying' }),
      });
      copyImageToClipboard(api.directory, file).then(
        () => {
          toasts.dismiss(progress);
          toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'fileActions.copied' }) });
        },
        (error: unknown) => {
          console.warn('copy to clipboard failed:', error instanceof Error ? error.message : error);
          toasts.dismiss(progress);
          toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'fileActions.copyFailed' }) });
        },
      );
    },
    [api, toasts, intl],
  );
}
