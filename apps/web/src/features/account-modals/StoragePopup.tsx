import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * The storage popup of spec 001 §4 ("used more than 80% / 95% of storage"), §8 "Running out of
 * storage". Closing it, either way, records the level as warned (ModalQueue).
 */
export function StoragePopup({ level, onClose }: { level: '80' | '95'; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'accountModals.storage.title' })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {intl.formatMessage({ id: 'accountModals.storage.ok' })}
        </button>
      }
    >
      <p>{intl.formatMessage({ id: 'accountModals.storage.body' }, { percent: level })}</p>
    </Dialog>
  );
}
