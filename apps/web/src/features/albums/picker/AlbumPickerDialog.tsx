import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useFocusTrap } from '../../../ui/use-focus-trap.ts';
import { useAlbumListQuery } from '../api-list.ts';
import './album-picker.css';
import type { AlbumPickerDialogProps } from '../../../dialog-requests/album-picker.ts';
import { pickerEntries, pickerTileSize, type PickerChoice } from './model.ts';
import { PickerTiles } from './PickerTiles.tsx';
import { useAddToAlbum } from './use-add-to-album.ts';
import { SetNameDialog } from '../edit/SetNameDialog.tsx';

/**
 * The album picker dialog (spec 000 §2, §5, §9): 'Add to album' or 'Share to album' for
 * files, with a new-album tile first and a fetching indicator while the albums load. Lists
 * only albums whose currentUserCan.addPhotos is true (share: only shared ones); Done stays
 * disabled until an album is chosen. Keyboard: Escape cancels, Enter confirms (on a tile it
 * chooses that tile first), Tab and the arrows reach the tiles. Loaded as its own chunk
 * (AlbumPickerLayer.tsx), asked for through dialog-requests/album-picker.ts.
 */
export function AlbumPickerDialog(props: AlbumPickerDialogProps) {
  const { mode, sourceJobId, fileIds, currentAlbumId, onClose, onAdded } = props;
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const albums = useAlbumListQuery();
  const entries = useMemo(
    () => pickerEntries(albums.data ?? [], mode, currentAlbumId),
    [albums.data, mode, currentAlbumId],
  );
  const [choice, setChoice] = useState<PickerChoice | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // A new shared album refused for want of the user's name (spec 001 §4 missing-name prompt).
  const [needsName, setNeedsName] = useState<PickerChoice | null>(null);
  const add = useAddToAlbum({ mode, sourceJobId, fileIds });
  useFocusTrap(panelRef, () => {
    if (!isBusy) onClose();
  });
  const title = intl.formatMessage({
    id: mode === 'share' ? 'albums.picker.shareTitle' : 'albums.picker.addTitle',
  });
  const tile = pickerTileSize(window.innerWidth);

  const confirm = async (chosen: PickerChoice | null) => {
    if (!chosen || isBusy) return;
    setIsBusy(true);
    const outcome = await add(
      chosen,
      entries.map((entry) => entry.album),
    );
    setIsBusy(false);
    if (outcome === 'needsName') setNeedsName(chosen);
    if (outcome !== 'added') return;
    onAdded?.();
    onClose();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // Enter on Cancel cancels; on Done the click confirms already.
    if (target.dataset.action !== undefined) return;
    event.preventDefault();
    let chosen = choice;
    const key = target.dataset.key;
    if (key !== undefined && target.getAttribute('aria-disabled') !== 'true') {
      chosen = key === 'new' ? { kind: 'new' } : { kind: 'album', albumId: key.slice('album:'.length) };
      setChoice(chosen);
    }
    void confirm(chosen);
  };

  return createPortal(
    <div
      className="backdrop backdrop--center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !isBusy) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="dialog album-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={isBusy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="album-picker__body">
          <PickerTiles
            label={title}
            entries={entries}
            choice={choice}
            onChoose={setChoice}
            tileWidth={tile.width}
          />
          {albums.isPending && <Spinner size={24} />}
          {albums.isError && (
            <p className="album-picker__error" role="alert">
              {intl.formatMessage({ id: 'common.genericError' })}{' '}
              <button
                type="button"
                className="btn btn--text"
                data-action="retry"
                onClick={() => void albums.refetch()}
              >
                {intl.formatMessage({ id: 'common.tryAgain' })}
              </button>
            </p>
          )}
        </div>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--text"
            data-action="cancel"
            disabled={isBusy}
            onClick={onClose}
          >
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-action="done"
            disabled={choice === null || isBusy}
            onClick={() => void confirm(choice)}
          >
            {intl.formatMessage({ id: 'albums.picker.done' })}
          </button>
        </div>
      </div>
      {needsName && (
        <SetNameDialog
          onDone={() => {
            setNeedsName(null);
            void confirm(needsName);
          }}
          onCancel={() => {
            setNeedsName(null);
          }}
        />
      )}
    </div>,
    document.body,
  );
}
