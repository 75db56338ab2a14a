import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TimelineFilter } from '@trove/contract';
import { useApi } from '../../api/api-context.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useAlbumPicker } from '../../dialog-requests/album-picker.ts';
import { requestDownload } from '../downloads/index.ts';
import {
  FileActionButtons,
  offeredFileActions,
  type FileActionId,
  actionContext,
  dialogRunners,
  usePlaceActions,
  type FileActionDialog,
  useDeleteFiles,
} from '../file-actions/index.ts';
import { useShareDialog } from '../../dialog-requests/share-dialog.ts';
import type { GridSource } from '../library/index.ts';
import {
  isPending,
  isSelecting,
  selectedCount,
  selectedIds,
  SelectionBarFrame,
  type Selection,
} from '../selection/index.ts';
import type { TimelineSection } from './sections.ts';
import { cachedSectionFiles, selectedFilesOf } from './selected-files.ts';

/**
 * The bar over the top bar while files are selected (spec 000 §2 Timeline, §4 Selection
 * mode actions): the count, clear (also Escape), then the actions the registry offers for
 * the grid's place and the selected files (See: [Note: File action registry]): download
 * (one file directly, several as archives in parts: See: [Note: Lazy downloads]), add to
 * album (the album picker of §2), add to my timeline (an album's keep-files), share (the
 * share dialog of §4), and delete or remove from the album, which moves the files to the
 * trash with an Undo toast for the job's owner. While a range waits for months that are not
 * loaded yet it shows 'fetching file selection info' (spec 000 §4), which can be cancelled.
 */
export function SelectionBar({
  source,
  sections,
  filter,
  selection,
}: {
  /** The grid's job and its place's actions; the timeline's when it names none. */
  source: GridSource;
  sections: readonly TimelineSection[];
  filter: TimelineFilter;
  selection: Selection;
}) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const { jobId } = source;
  const deleteFiles = useDeleteFiles(jobId, { isOwner: source.isOwner ?? true });
  const [dialog, setDialog] = useState<FileActionDialog | null>(null);
  const { place, caller } = usePlaceActions(source.actions);
  const { state, actions } = selection;
  const openPicker = useAlbumPicker();
  const openShareDialog = useShareDialog();
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
  const offers = place
    ? offeredFileActions(
        'selectionBar',
        actionContext(
          place,
          caller,
          selectedFilesOf(state, sections, cachedSectionFiles(queryClient, api, source, filter)),
        ),
      )
    : [];
  const placeRun = place?.run ?? {};
  const run: Partial<Record<FileActionId, () => void>> = {
    download: () => {
      requestDownload({ kind: 'selection', source, sections, filter, selected: state.selected });
    },
    // The album picker and the share dialog are the page frame's (See: [Note: Dialog requests]).
    ...dialogRunners((which) => {
      const fileIds = selectedIds(state);
      if (which === 'pick')
        openPicker({ mode: 'add', sourceJobId: jobId, fileIds, currentAlbumId, onAdded: actions.clear });
      else if (which === 'share')
        openShareDialog({ request: { kind: 'files', sourceJobId: jobId, fileIds, currentAlbumId } });
      else setDialog(which);
    }),
    ...Object.fromEntries(
      Object.entries(placeRun).map(([id, runIds]) => [
        id,
        () => {
          runIds(selectedIds(state));
        },
      ]),
    ),
  };
  return (
    <SelectionBarFrame count={count} onClear={actions.clear}>
      <FileActionButtons offers={offers} run={run} className="icon-button" />
      {dialog === 'confirm' && (
        <ConfirmDialog
          kind="DELETE_FILE"
          values={{ count }}
          onCancel={() => {
            setDialog(null);
          }}
          onConfirm={() => {
            setDialog(null);
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
