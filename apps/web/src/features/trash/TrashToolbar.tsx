import { useIntl } from 'react-intl';
import { TrashIcon } from './trash-icons.tsx';

/** Props of {@link TrashToolbar}. */
export interface TrashToolbarProps {
  /** spec 000 §6: a read-only user cannot restore (the button says why). */
  isReadOnly: boolean;
  onRestoreAll: () => void;
  onDeleteAll: () => void;
}

/**
 * Restore all and delete all of a trash screen (spec 000 §2). Download all is not here:
 * it needs the archive downloads of a later issue (spec 000 §7 files_from_trash_as_archive).
 */
export function TrashToolbar({ isReadOnly, onRestoreAll, onDeleteAll }: TrashToolbarProps) {
  const intl = useIntl();
  return (
    <div className="trash-toolbar">
      <button
        type="button"
        className="btn btn--secondary"
        // Focusable while disabled, so the reason can be read (spec 000 §6).
        aria-disabled={isReadOnly || undefined}
        title={isReadOnly ? intl.formatMessage({ id: 'trash.readOnly' }) : undefined}
        onClick={() => {
          if (!isReadOnly) onRestoreAll();
        }}
      >
        <TrashIcon name="restore" size={20} />
        {intl.formatMessage({ id: 'trash.restoreAll' })}
      </button>
      <button type="button" className="btn btn--secondary trash-toolbar__danger" onClick={onDeleteAll}>
        <TrashIcon name="deleteForever" size={20} />
        {intl.formatMessage({ id: 'trash.deleteAll' })}
      </button>
    </div>
  );
}
