import { useIntl } from 'react-intl';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';

/**
 * 'fetching file selection info' (spec 000 §4 Selection) while a month or year chosen in
 * the picker waits for its files to load; Cancel drops that choice.
 */
export function SelectionPendingDialog({ onCancel }: { onCancel: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'timeline.fetchingSelection' })}
      onClose={onCancel}
      actions={
        <button type="button" className="btn" onClick={onCancel}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
      }
    >
      <Spinner />
    </Dialog>
  );
}
