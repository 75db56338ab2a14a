import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDeleteFiles } from '../file-actions/use-file-actions.ts';
import { isPending, isSelecting, selectedCount, selectedIds } from '../selection/selectors.ts';
import type { Selection } from '../selection/use-selection.ts';

/**
 * The bar over the top bar while files are selected (spec 000 §2 Timeline, §4 Selection
 * mode actions): the count, clear (also Escape), and delete, which moves the files to the
 * trash with an Undo toast. While a range waits for months that are not loaded yet it
 * shows 'fetching file selection info' (spec 000 §4), which can be cancelled.
 */
export function SelectionBar({ jobId, selection }: { jobId: string; selection: Selection }) {
  const intl = useIntl();
  const deleteFiles = useDeleteFiles(jobId);
  const [isConfirming, setIsConfirming] = useState(false);
  const { state, actions } = selection;
  if (isPending(state)) {
    return (
      <Dialog
        title={intl.formatMessage({ id: 'timeline.fetchingSelection' })}
        onClose={actions.cancelPending}
        actions={
          <button type="button" className="btn" onClick={actions.cancelPending}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        }
      >
        <Spinner />
      </Dialog>
    );
  }
  if (!isSelecting(state)) return null;
  const count = selectedCount(state);
  return (
    <div
      className="selection-bar"
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'timeline.selectedCount' }, { count })}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'timeline.clearSelection' })}
        onClick={actions.clear}
      >
        <Icon name="close" />
      </button>
      <span className="selection-bar__count" aria-live="polite">
        {intl.formatMessage({ id: 'timeline.selectedCount' }, { count })}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'common.delete' })}
        disabled={count === 0}
        onClick={() => {
          setIsConfirming(true);
        }}
      >
        <Icon name="delete" />
      </button>
      {isConfirming && (
        <ConfirmDialog
          kind="DELETE_FILE"
          values={{ count }}
          onCancel={() => {
            setIsConfirming(false);
          }}
          onConfirm={() => {
            setIsConfirming(false);
            const ids = selectedIds(state);
            void deleteFiles(ids).then((outcome) => {
              actions.remove(outcome.succeeded);
            });
          }}
        />
      )}
    </div>
  );
}
