import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';

/** spec 000 §4: stopping an upload asks for confirmation first. */
export function StopUploadsDialog({
  count,
  onConfirm,
  onCancel,
}: {
  /** How many files a stop would cancel. */
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'upload.stop.title' })}
      onClose={onCancel}
      onEnter={onConfirm}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'upload.stop.continue' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {intl.formatMessage({ id: 'upload.stop.confirm' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'upload.stop.body' }, { count })}</p>
    </Dialog>
  );
}
