import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@trove/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { DownloadAlertKind } from './alerts.ts';
import { sizeText } from './format.ts';

const TEXTS: Record<DownloadAlertKind, { title: MessageId; body: MessageId }> = {
  fileCountOverLimit: {
    title: 'downloads.alert.fileCountOverLimit.title',
    body: 'downloads.alert.fileCountOverLimit.body',
  },
  sizeOverLimit: { title: 'downloads.alert.sizeOverLimit.title', body: 'downloads.alert.sizeOverLimit.body' },
  albumFileCountOverLimit: {
    title: 'downloads.alert.albumTooLarge.title',
    body: 'downloads.alert.albumFileCountOverLimit.body',
  },
  albumSizeOverLimit: {
    title: 'downloads.alert.albumTooLarge.title',
    body: 'downloads.alert.albumSizeOverLimit.body',
  },
};

/**
 * The first alert of the download alert queue (spec 000 §4, §8 four limit alerts): why the
 * download cannot happen as asked, with the limits of spec 000 §9. OK (or Escape) dismisses
 * it, and the next one in the queue shows.
 */
export function DownloadAlertDialog({ kind, onDismiss }: { kind: DownloadAlertKind; onDismiss: () => void }) {
  const intl = useIntl();
  const texts = TEXTS[kind];
  return (
    <Dialog
      title={intl.formatMessage({ id: texts.title })}
      onClose={onDismiss}
      actions={
        <button type="button" className="btn btn--primary" onClick={onDismiss}>
          {intl.formatMessage({ id: 'downloads.ok' })}
        </button>
      }
    >
      <p role="alert">
        {intl.formatMessage(
          { id: texts.body },
          { max: DOWNLOAD_MAX_ITEMS, size: sizeText(intl, DOWNLOAD_MAX_BYTES) },
        )}
      </p>
    </Dialog>
  );
}
