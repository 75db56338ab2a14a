import type { TrashFile } from '@trove/contract';
import { memo, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import type { FileSelectionStatus, SelectionActions } from '../selection/index.ts';

/** The text of a file's last failure (spec 000 §8 Restore: per-file error reasons). */
const REASON_TEXTS: Record<string, MessageId> = {
  quota_exceeded: 'trash.reason.quota_exceeded',
  file_not_found: 'trash.reason.file_not_found',
  delete_failed: 'trash.reason.delete_failed',
};

const duration = (seconds: number) =>
  `${String(Math.floor(seconds / 60))}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/** Props of {@link TrashTile}. */
export interface TrashTileProps {
  file: TrashFile;
  /** The file's group (days remaining): its month, to the selection. */
  group: number;
  status: FileSelectionStatus;
  /** Something is selected: circles show on every tile. */
  isSelecting: boolean;
  /** Why the last restore or delete of this file failed, if it did. */
  failure: string | undefined;
  /** The selection's callbacks (stable), so that a click re-renders only the tiles it changes. */
  actions: SelectionActions;
}

/**
 * One file of the trash: its trashed thumbnail (spec 000 §7; the default image while there
 * is none, §8), a badge for videos, and the selection circle. The whole tile is a checkbox:
 * a trashed file has no viewer, so a click or Space selects it, Shift selects a range.
 */
export const TrashTile = memo(function TrashTile({
  file,
  group,
  status,
  isSelecting,
  failure,
  actions,
}: TrashTileProps) {
  const api = useApi();
  const intl = useIntl();
  const errorId = useId();
  const [isBroken, setIsBroken] = useState(false);
  const src = file.thumb_url_small && !isBroken ? `${api.directory.thumb}${file.thumb_url_small}` : undefined;
  const isChecked = status === 'Selected' || status === 'ToBeSelected';
  return (
    <li
      className={`tile-frame tile-frame--${status}${isSelecting ? ' is-selecting' : ''} trash-tile`}
      // With Shift held, the range preview follows the pointer (spec 000 §4 Selection).
      onMouseEnter={(event) => {
        actions.hover(file.id, event.shiftKey, group);
      }}
    >
      <button
        type="button"
        role="checkbox"
        className="tile trash-tile__button"
        aria-checked={status === 'Selected'}
        aria-label={intl.formatMessage({ id: 'trash.selectFile' }, { name: file.name })}
        aria-describedby={failure === undefined ? undefined : errorId}
        data-testid="trash-file"
        onClick={(event) => {
          actions.click(file.id, event.shiftKey, group);
        }}
      >
        <span className="tile__media">
          {src ? (
            <img
              className="tile__image"
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => {
                setIsBroken(true);
              }}
            />
          ) : (
            <span className="tile__fallback">
              <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={32} />
            </span>
          )}
          {file.type === 'Movies' && <span className="tile__badge">{duration(file.duration)}</span>}
        </span>
        <span className="tile__check" aria-hidden="true">
          {isChecked && <Icon name="check" size={16} />}
        </span>
      </button>
      {failure !== undefined && (
        <span id={errorId} className="trash-tile__error">
          <Icon name="error" size={16} />
          {intl.formatMessage({ id: REASON_TEXTS[failure] ?? 'fileActions.restoreFailed.one' })}
        </span>
      )}
    </li>
  );
});
