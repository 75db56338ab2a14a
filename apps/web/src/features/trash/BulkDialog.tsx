import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { BulkPhase } from './model.ts';

/** Props of {@link BulkDialog}. */
export interface BulkDialogProps {
  kind: 'restore' | 'delete';
  phase: BulkPhase;
  /** How many files the trash holds, for the question asked before deleting all. */
  count: number;
  onConfirm: () => void;
  /** Ignored while the work runs: it cannot be stopped half-way. */
  onClose: () => void;
  onGoToTimeline: () => void;
}

/**
 * The restore-all and delete-all dialog (spec 000 §4: progress, complete, incomplete with the
 * count of files not restored). Deleting all first asks, being irreversible. While the work
 * runs the dialog cannot be closed; its end is announced and the Close button focused.
 */
export function BulkDialog({ kind, phase, count, onConfirm, onClose, onGoToTimeline }: BulkDialogProps) {
  const intl = useIntl();
  const text = (id: MessageId, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const close = (
    <button type="button" className="btn btn--text" onClick={onClose} autoFocus>
      {text('common.close')}
    </button>
  );
  let title: string;
  let body: ReactNode;
  let actions: ReactNode = close;
  switch (phase.phase) {
    case 'confirm':
      title = text('trash.confirmDeleteAll.title');
      body = <p>{text('trash.confirmDeleteAll.body', { count })}</p>;
      actions = (
        <>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {text('common.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {text('trash.deleteForGood')}
          </button>
        </>
      );
      break;
    case 'progress': {
      title = text(kind === 'restore' ? 'trash.bulk.restoringTitle' : 'trash.bulk.deletingTitle');
      const status =
        phase.total === undefined
          ? text(kind === 'restore' ? 'trash.bulk.preparing' : 'trash.bulk.deleting')
          : text('trash.bulk.restoring', { done: phase.done, total: phase.total });
      body = (
        <div className="trash-progress">
          <progress
            className="trash-progress__bar"
            aria-label={title}
            {...(phase.total !== undefined && { value: phase.done, max: Math.max(phase.total, 1) })}
          />
          <p role="status">{status}</p>
        </div>
      );
      actions = null;
      break;
    }
    case 'complete':
      title = text(kind === 'restore' ? 'trash.bulk.restoredTitle' : 'trash.bulk.deletedTitle');
      body = (
        <p role="status">
          {text(kind === 'restore' ? 'trash.bulk.restoreComplete' : 'trash.bulk.deleteComplete', {
            count: phase.count,
          })}
        </p>
      );
      if (kind === 'restore' && phase.count > 0) {
        actions = (
          <>
            {close}
            <button type="button" className="btn btn--primary" onClick={onGoToTimeline}>
              {text('trash.goToTimeline')}
            </button>
          </>
        );
      }
      break;
    case 'incomplete':
      title = text(
        kind === 'restore' ? 'trash.bulk.restoreIncompleteTitle' : 'trash.bulk.deleteIncompleteTitle',
      );
      body = (
        <p role="alert">
          {kind === 'restore'
            ? text('trash.bulk.restoreIncomplete', { count: phase.failed })
            : text('trash.bulk.deleteIncomplete')}
        </p>
      );
      break;
  }
  return (
    <Dialog
      title={title}
      onClose={() => {
        if (phase.phase !== 'progress') onClose();
      }}
      actions={actions}
    >
      {body}
    </Dialog>
  );
}
