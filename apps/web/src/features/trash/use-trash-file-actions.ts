import type { TrashFile } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type Dispatch } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import type { RestoreOutcome } from '../file-actions/index.ts';
import { deleteTrashFiles, refreshAfterTrashChange, removeFromTrashList, restoreTrashFiles } from './api.ts';
import { hasQuotaFailure, type ProcessingAction } from './model.ts';

/** Keys of the in-progress toasts: concurrent work shows one toast (spec 000 §4 toast queue). */
const RESTORING = 'trash.restoring';
const DELETING = 'trash.deleting';
/** The reason a file shows after a delete for good failed. */
export const DELETE_FAILED = 'delete_failed';

/** What {@link useTrashFileActions} offers the trash photos screen. */
export interface TrashFileActions {
  /** Restores files to where they were deleted from (spec 000 §4: "restore returns files to the timeline"). */
  restore: (files: readonly TrashFile[]) => Promise<RestoreOutcome>;
  /** Deletes files for good (spec 000 §4: irreversible); the caller has asked the user first. */
  deleteForGood: (files: readonly TrashFile[]) => Promise<void>;
  /** After a restore that hit the account's quota: the storage popup of spec 001 §4. */
  isStorageFull: boolean;
  closeStorageFull: () => void;
  /** The list side of a restore: whatever path ran it (a selection, or restore all). */
  settleRestore: (outcome: RestoreOutcome) => void;
}

/**
 * Restore and delete for good of trashed files, with spec 000 §4's processing (See: [Note:
 * Trash processing]) told to `dispatch`, the toasts of §8 ('Restoring…', '{n} files restored'
 * with Go to timeline, 'Error - file not restored'; a failed delete with Try again), and the
 * queries that depend on the trash fetched again.
 */
export function useTrashFileActions(dispatch: Dispatch<ProcessingAction>): TrashFileActions {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isStorageFull, setIsStorageFull] = useState(false);

  const settleRestore = useCallback(
    (outcome: RestoreOutcome) => {
      removeFromTrashList(queryClient, outcome.succeeded);
      dispatch({ type: 'finished', ids: outcome.succeeded });
      dispatch({ type: 'failed', reasons: outcome.reasons });
      refreshAfterTrashChange(queryClient, 'restore');
      if (hasQuotaFailure(outcome.reasons)) setIsStorageFull(true);
    },
    [dispatch, queryClient],
  );

  const restore = useCallback(
    async (files: readonly TrashFile[]) => {
      dispatch({ type: 'started', ids: files.map((file) => file.id) });
      const progress = toasts.show({
        kind: 'progress',
        key: RESTORING,
        text: intl.formatMessage({ id: 'fileActions.restoring' }),
      });
      const outcome = await restoreTrashFiles(api, files);
      toasts.dismiss(progress);
      settleRestore(outcome);
      const failed = outcome.failed.length;
      if (failed > 0) {
        // spec 000 §8 Restore: 'Error - file not restored'; each tile tells its own reason.
        const text =
          failed === 1
            ? intl.formatMessage({ id: 'fileActions.restoreFailed.one' })
            : intl.formatMessage({ id: 'fileActions.restoreFailed.many' }, { count: failed });
        toasts.show({ kind: 'error', text });
      }
      if (outcome.succeeded.length > 0) {
        // spec 000 §8: the success toast 'restored (go to timeline)'.
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: 'fileActions.restored' }, { count: outcome.succeeded.length }),
          action: {
            label: intl.formatMessage({ id: 'trash.goToTimeline' }),
            onAction: () => void navigate('/photos'),
          },
        });
      }
      return outcome;
    },
    [api, dispatch, intl, navigate, settleRestore, toasts],
  );

  const deleteForGood = useCallback(
    async function run(files: readonly TrashFile[]): Promise<void> {
      const ids = files.map((file) => file.id);
      dispatch({ type: 'started', ids });
      const progress = toasts.show({
        kind: 'progress',
        key: DELETING,
        text: intl.formatMessage({ id: 'fileActions.deleting' }),
      });
      const outcome = await deleteTrashFiles(api, ids);
      toasts.dismiss(progress);
      removeFromTrashList(queryClient, outcome.succeeded);
      dispatch({ type: 'finished', ids: outcome.succeeded });
      dispatch({
        type: 'failed',
        reasons: Object.fromEntries(outcome.failed.map((id) => [id, DELETE_FAILED])),
      });
      refreshAfterTrashChange(queryClient, 'delete');
      if (outcome.succeeded.length > 0) {
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: 'trash.deleted' }, { count: outcome.succeeded.length }),
        });
      }
      const failed = outcome.failed.length;
      if (failed > 0) {
        // spec 000 §8 Delete file(s): 'permanent delete failure with retry'.
        const again = new Set(outcome.failed);
        toasts.show({
          kind: 'error',
          text:
            failed === 1
              ? intl.formatMessage({ id: 'fileActions.deleteFailed.one' })
              : intl.formatMessage({ id: 'fileActions.deleteFailed.many' }, { count: failed }),
          action: {
            label: intl.formatMessage({ id: 'common.tryAgain' }),
            onAction: () => void run(files.filter((file) => again.has(file.id))),
          },
        });
      }
    },
    [api, dispatch, intl, queryClient, toasts],
  );

  const closeStorageFull = useCallback(() => {
    setIsStorageFull(false);
  }, []);
  return { restore, deleteForGood, isStorageFull, closeStorageFull, settleRestore };
}
