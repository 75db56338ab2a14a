import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';

/** Props of {@link TrashConfirmDialog}. */
export interface TrashConfirmDialogProps {
  title: string;
  body: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before deleting for good (spec 000 §4: "permanent deletion is irreversible"): Cancel,
 * focused first, and a danger button 'Delete permanently'.
 */
export function TrashConfirmDialog({ title, body, onConfirm, onCancel }: TrashConfirmDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      onEnter={onConfirm}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {intl.formatMessage({ id: 'trash.deleteForGood' })}
          </button>
        </>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}

/**
 * The storage popup of spec 001 §4 'restored more files than available
 * (quota_exceeded_error)': multi_rollback refused files because the account is full.
 */
export function StorageFullDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'trash.storageFull.title' })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {intl.formatMessage({ id: 'common.close' })}
        </button>
      }
    >
      <p>{intl.formatMessage({ id: 'trash.storageFull.body' })}</p>
    </Dialog>
  );
}
