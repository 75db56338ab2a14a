import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS, GIB, type RemoteFile } from '@trove/contract';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import {
  offeredFileActions,
  type FileActionId,
  actionContext,
  usePlaceActions,
} from '../file-actions/index.ts';
import { useShareDialog } from '../../dialog-requests/share-dialog.ts';
import {
  isSelecting,
  selectedCount,
  selectedIds,
  SelectionBarFrame,
  type Selection,
} from '../selection/index.ts';
import { useDocumentDelete } from './use-document-delete.ts';
import { useDocumentDownload, type DownloadLimit } from './use-document-download.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of {@link DocumentsSelectionBar}. */
export interface DocumentsSelectionBarProps {
  jobId: string;
  selection: Selection;
  /** The listed documents by id, to download the selected ones. */
  byId: ReadonlyMap<string, RemoteFile>;
  /**
   * After a delete, once the bar and its dialog are gone: where the keyboard's focus goes,
   * as the button that had it went with them.
   */
  onDeleted: () => void;
}

/**
 * The bar over the top bar while documents are selected (spec 000 §2 Documents: "selecting
 * shows a toolbar with download and delete"): the count, clear (also Escape), then what the
 * registry offers for documents (See: [Note: File action registry]): Download, Share (the
 * share dialog of spec 000 §4, as the timeline's; issue #15) and Delete after a question
 * (spec 000 §4).
 */
export function DocumentsSelectionBar({ jobId, selection, byId, onDeleted }: DocumentsSelectionBarProps) {
  const intl = useIntl();
  const { state, actions } = selection;
  const downloads = useDocumentDownload(jobId);
  const handleDeleted = useCallback(() => {
    actions.clear();
    onDeleted();
  }, [actions, onDeleted]);
  const deletion = useDocumentDelete(jobId, handleDeleted);
  const { pending } = deletion;
  // The share dialog is the page frame's (See: [Note: Dialog requests]).
  const openShareDialog = useShareDialog();
  // The documents are the timeline job's: its flags, under the documents' own actions.
  const { place: timeline, caller } = usePlaceActions(undefined);
  // spec 000 §8 Delete file(s): 'Failed to delete file' / 'Failed to delete {n} files'.
  const deleteFailedText = (count: number) =>
    count === 1
      ? intl.formatMessage({ id: 'fileActions.deleteFailed.one' })
      : intl.formatMessage({ id: 'fileActions.deleteFailed.many' }, { count });
  const dialogs = (
    <>
      {pending && (
        <ConfirmDialog
          kind="DELETE_FILE"
          values={{ count: pending.ids.length }}
          isPending={pending.phase === 'deleting'}
          error={pending.phase === 'failed' ? deleteFailedText(pending.ids.length) : undefined}
          onConfirm={() => void deletion.confirm()}
          onCancel={deletion.cancel}
        />
      )}
      {downloads.limit && <LimitDialog limit={downloads.limit} onClose={downloads.closeLimit} />}
    </>
  );
  const ids = selectedIds(state);
  const offers = timeline
    ? offeredFileActions(
        'selectionBar',
        actionContext(
          { ...timeline, place: 'documents' },
          caller,
          ids.map((id) => byId.get(id)),
        ),
      )
    : [];
  const run: Partial<Record<FileActionId, () => void>> = {
    share: () => {
      openShareDialog({ request: { kind: 'files', sourceJobId: jobId, fileIds: ids } });
    },
    download: () => {
      void downloads.download(ids.flatMap((id) => byId.get(id) ?? []));
    },
    delete: () => {
      deletion.ask(ids);
    },
  };
  return (
    <>
      {isSelecting(state) && (
        <SelectionBarFrame count={selectedCount(state)} onClear={actions.clear}>
          {offers.map(({ action, isDisabled, hint }) => {
            const onRun = run[action.id];
            if (!onRun) return null;
            const danger = action.id === 'delete' ? ' documents-bar__action--danger' : '';
            return (
              <Tooltip key={action.id} text={hint && intl.formatMessage({ id: hint })}>
                <button
                  type="button"
                  className={`btn btn--text documents-bar__action${danger}`}
                  // Focusable while disabled, so the subscribe tooltip can be read (spec 000 §6).
                  aria-disabled={isDisabled || undefined}
                  onClick={() => {
                    if (!isDisabled) onRun();
                  }}
                >
                  <Icon name={action.icon} size={20} />
                  <span className="documents-bar__label">{intl.formatMessage({ id: action.label })}</span>
                </button>
              </Tooltip>
            );
          })}
        </SelectionBarFrame>
      )}
      {/* Beside the bar, not in it: a dialog stays open as the selection changes under it. */}
      {dialogs}
    </>
  );
}

/** The download limit alerts of spec 000 §4/§8: over 500 files, or over 3.5 GB (§9). */
function LimitDialog({ limit, onClose }: { limit: DownloadLimit; onClose: () => void }) {
  const intl = useIntl();
  const texts =
    limit === 'tooMany'
      ? {
          title: intl.formatMessage({ id: 'documents.tooMany.title' }),
          body: intl.formatMessage({ id: 'documents.tooMany.body' }, { count: DOWNLOAD_MAX_ITEMS }),
        }
      : {
          title: intl.formatMessage({ id: 'documents.tooLarge.title' }),
          body: intl.formatMessage(
            { id: 'documents.tooLarge.body' },
            { count: intl.formatNumber(DOWNLOAD_MAX_BYTES / GIB) },
          ),
        };
  return (
    <Dialog
      title={texts.title}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {intl.formatMessage({ id: 'common.close' })}
        </button>
      }
    >
      <p>{texts.body}</p>
    </Dialog>
  );
}
