import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PartBoundary } from '../../ui/ScreenBoundary.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { TimelineFilter } from '@trove/contract';
import { LazyAlbumPickerDialog } from '../albums/picker/lazy.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { requestDownload, type DownloadSection } from '../downloads/download-requests.ts';
import { useDeleteFiles } from '../file-actions/use-file-actions.ts';
import { LazyShareDialog } from '../shares/dialog/lazy.ts';
import type { GridSource } from '../library/grid-source.ts';
import { isPending, isSelecting, selectedCount, selectedIds } from '../selection/selectors.ts';
import { SelectionBarFrame } from '../selection/SelectionBarFrame.tsx';
import type { Selection } from '../selection/use-selection.ts';

/**
 * The bar over the top bar while files are selected (spec 000 §2 Timeline, §4 Selection
 * mode actions): the count, clear (also Escape), add to album (the album picker of §2) and
 * share (the share dialog of §4; both, for a read-only user, disabled with the subscribe
 * tooltip of §6), download (one file directly,
 * several as archives in parts: See: [Note: Lazy downloads]), and delete, which moves the
 * files to the trash with an Undo toast. While a range waits for months that are not loaded yet it
 * shows 'fetching file selection info' (spec 000 §4), which can be cancelled.
 */
export function SelectionBar({
  source,
  sections,
  filter,
  selection,
}: {
  /** The grid's job; only its owner is offered Undo of a delete (spec 000 §6). */
  source: GridSource;
  sections: readonly DownloadSection[];
  filter: TimelineFilter;
  selection: Selection;
}) {
  const intl = useIntl();
  const { jobId } = source;
  const deleteFiles = useDeleteFiles(jobId, { isOwner: source.isOwner ?? true });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
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
  const currentAlbumId = source.isAlbum ? jobId : undefined;
  return (
    <SelectionBarFrame count={count} onClear={actions.clear}>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'albums.picker.addTitle' })}
        // Focusable while disabled, so the subscribe tooltip can be read (spec 000 §6).
        aria-disabled={isReadOnly || count === 0 || undefined}
        title={isReadOnly ? intl.formatMessage({ id: 'albums.readOnlyTooltip' }) : undefined}
        onClick={() => {
          if (!isReadOnly && count > 0) setIsPicking(true);
        }}
      >
        <Icon name="albums" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'fileActions.share' })}
        // As Add to album: a read-only user reads why it is off (spec 000 §6).
        aria-disabled={isReadOnly || count === 0 || undefined}
        title={isReadOnly ? intl.formatMessage({ id: 'fileActions.shareReadOnly' }) : undefined}
        onClick={() => {
          if (!isReadOnly && count > 0) setIsSharing(true);
        }}
      >
        <Icon name="share" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'fileActions.download' })}
        disabled={count === 0}
        onClick={() => {
          requestDownload({ kind: 'selection', source, sections, filter, selected: state.selected });
        }}
      >
        <Icon name="download" />
      </button>
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
      {isPicking && (
        <PartBoundary>
          <LazyAlbumPickerDialog
            mode="add"
            sourceJobId={jobId}
            fileIds={selectedIds(state)}
            currentAlbumId={currentAlbumId}
            onClose={() => {
              setIsPicking(false);
            }}
            onAdded={actions.clear}
          />
        </PartBoundary>
      )}
      {isSharing && (
        <PartBoundary>
          <LazyShareDialog
            request={{ kind: 'files', sourceJobId: jobId, fileIds: selectedIds(state), currentAlbumId }}
            onClose={() => {
              setIsSharing(false);
            }}
          />
        </PartBoundary>
      )}
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
    </SelectionBarFrame>
  );
}
