import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { TrashIcon } from './trash-icons.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of {@link TrashToolbar}. */
export interface TrashToolbarProps {
  /** spec 000 §6: a read-only user cannot restore (the button says why). */
  isReadOnly: boolean;
  onRestoreAll: () => void;
  onDeleteAll: () => void;
  /** Download all (spec 000 §2 trash photos); a screen without it (the albums) leaves it out. */
  onDownloadAll?: () => void;
}

/** Download all, restore all and delete all of a trash screen (spec 000 §2). */
export function TrashToolbar({ isReadOnly, onRestoreAll, onDeleteAll, onDownloadAll }: TrashToolbarProps) {
  const intl = useIntl();
  return (
    <div className="trash-toolbar">
      {onDownloadAll && (
        <button type="button" className="btn btn--secondary" onClick={onDownloadAll}>
          <Icon name="download" size={20} />
          {intl.formatMessage({ id: 'trash.downloadAll' })}
        </button>
      )}
      <Tooltip text={isReadOnly ? intl.formatMessage({ id: 'trash.readOnly' }) : undefined}>
        <button
          type="button"
          className="btn btn--secondary"
          // Focusable while disabled, so the reason can be read (spec 000 §6).
          aria-disabled={isReadOnly || undefined}
          onClick={() => {
            if (!isReadOnly) onRestoreAll();
          }}
        >
          <TrashIcon name="restore" size={20} />
          {intl.formatMessage({ id: 'trash.restoreAll' })}
        </button>
      </Tooltip>
      <button type="button" className="btn btn--secondary trash-toolbar__danger" onClick={onDeleteAll}>
        <TrashIcon name="deleteForever" size={20} />
        {intl.formatMessage({ id: 'trash.deleteAll' })}
      </button>
    </div>
  );
}
