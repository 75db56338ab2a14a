import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import {
  isSelecting,
  selectedCount,
  selectedIds,
  SelectionBarFrame,
  type Selection,
} from '../selection/index.ts';
import { TrashConfirmDialog } from './TrashDialogs.tsx';
import { TrashIcon } from './trash-icons.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of {@link TrashSelectionBar}. */
export interface TrashSelectionBarProps {
  selection: Selection;
  /** spec 000 §6: a read-only user cannot restore (the button says why). */
  isReadOnly: boolean;
  onRestore: (ids: string[]) => void;
  onDelete: (ids: string[]) => void;
  onDownload: (ids: string[]) => void;
}

/**
 * The bar over the top bar while trashed files are selected (spec 000 §2 trash photos
 * selection toolbar): the count, clear (also Escape), download (as archives of the trash,
 * in parts when over the limits: See: [Note: Lazy downloads]), restore, and delete
 * permanently after a question.
 */
export function TrashSelectionBar({
  selection,
  isReadOnly,
  onRestore,
  onDelete,
  onDownload,
}: TrashSelectionBarProps) {
  const intl = useIntl();
  const [isConfirming, setIsConfirming] = useState(false);
  const { state, actions } = selection;
  if (!isSelecting(state)) return null;
  const count = selectedCount(state);
  const restoreLabel = intl.formatMessage({ id: 'trash.restore' });
  return (
    <SelectionBarFrame count={count} onClear={actions.clear}>
      <button
        type="button"
        className="btn btn--text trash-bar__action"
        disabled={count === 0}
        onClick={() => {
          onDownload(selectedIds(state));
        }}
      >
        <Icon name="download" size={20} />
        <span className="trash-bar__label">{intl.formatMessage({ id: 'trash.download' })}</span>
      </button>
      <Tooltip text={isReadOnly ? intl.formatMessage({ id: 'trash.readOnly' }) : undefined}>
        <button
          type="button"
          className="btn btn--text trash-bar__action"
          // Focusable while disabled, so the reason can be read (spec 000 §6).
          aria-disabled={isReadOnly || undefined}
          onClick={() => {
            if (isReadOnly) return;
            onRestore(selectedIds(state));
            actions.clear();
          }}
        >
          <TrashIcon name="restore" size={20} />
          <span className="trash-bar__label">{restoreLabel}</span>
        </button>
      </Tooltip>
      <button
        type="button"
        className="btn btn--text trash-bar__action trash-bar__action--danger"
        onClick={() => {
          setIsConfirming(true);
        }}
      >
        <TrashIcon name="deleteForever" size={20} />
        <span className="trash-bar__label">{intl.formatMessage({ id: 'trash.deleteForGood' })}</span>
      </button>
      {isConfirming && (
        <TrashConfirmDialog
          title={intl.formatMessage({ id: 'trash.confirmDelete.title' }, { count })}
          body={intl.formatMessage({ id: 'trash.confirmDelete.body' }, { count })}
          onCancel={() => {
            setIsConfirming(false);
          }}
          onConfirm={() => {
            setIsConfirming(false);
            onDelete(selectedIds(state));
            actions.clear();
          }}
        />
      )}
    </SelectionBarFrame>
  );
}
