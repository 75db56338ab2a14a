import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS, GIB } from '@trove/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { DownloadAlert } from './download-seam.ts';

/**
 * The help of spec 000 §2 Takeout ("a help link (Swedish, Norwegian or English)"): there is
 * no help site yet, so the link opens this text, in the user's language.
 */
export function TakeoutHelpDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const limits = { files: DOWNLOAD_MAX_ITEMS, size: intl.formatNumber(DOWNLOAD_MAX_BYTES / GIB) };
  return (
    <Dialog
      title={intl.formatMessage({ id: 'takeout.help.title' })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {intl.formatMessage({ id: 'common.close' })}
        </button>
      }
    >
      <div className="takeout-help">
        <p>{intl.formatMessage({ id: 'takeout.help.what' })}</p>
        <p>{intl.formatMessage({ id: 'takeout.help.parts' }, limits)}</p>
        <p>{intl.formatMessage({ id: 'takeout.help.resume' })}</p>
        <p>{intl.formatMessage({ id: 'takeout.help.albums' })}</p>
      </div>
    </Dialog>
  );
}

const ALERT_TEXTS: Record<DownloadAlert, { title: MessageId; body: MessageId }> = {
  tooMany: { title: 'takeout.tooMany.title', body: 'takeout.tooMany.body' },
  tooLarge: { title: 'takeout.tooLarge.title', body: 'takeout.tooLarge.body' },
  albumTooMany: { title: 'takeout.albumTooMany.title', body: 'takeout.albumTooMany.body' },
  albumTooLarge: { title: 'takeout.albumTooLarge.title', body: 'takeout.albumTooLarge.body' },
};

/** The download limit alerts of spec 000 §4/§8: 500 files, 3.5 GB (§9), for a part or an album. */
export function LimitDialog({ alert, onClose }: { alert: DownloadAlert; onClose: () => void }) {
  const intl = useIntl();
  const texts = ALERT_TEXTS[alert];
  const values = { count: DOWNLOAD_MAX_ITEMS, size: intl.formatNumber(DOWNLOAD_MAX_BYTES / GIB) };
  return (
    <Dialog
      title={intl.formatMessage({ id: texts.title })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {intl.formatMessage({ id: 'common.close' })}
        </button>
      }
    >
      <p>{intl.formatMessage({ id: texts.body }, values)}</p>
    </Dialog>
  );
}
