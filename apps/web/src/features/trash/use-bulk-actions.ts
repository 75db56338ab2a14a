import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type Dispatch } from 'react';
import { useApi } from '../../api/api-context.tsx';
import {
  emptyTrash,
  fetchAllTrashFiles,
  refreshAfterTrashChange,
  removeFromTrashList,
  restoreTrashFiles,
} from './api.ts';
import { bulkReducer, type BulkAction, type BulkPhase, type ProcessingAction } from './model.ts';
import type { TrashFileActions } from './use-trash-file-actions.ts';

/** The open restore-all or delete-all dialog. */
export interface BulkState {
  kind: 'restore' | 'delete';
  phase: BulkPhase;
}

/** What {@link useBulkActions} offers: the dialog's state and what its buttons do. */
export interface BulkActions {
  bulk: BulkState | null;
  /** Restores every file of the trash, not only those loaded (spec 000 §2 restore all). */
  restoreAll: (knownTotal: number) => Promise<void>;
  /** Opens the question before deleting all (spec 000 §4: irreversible). */
  askDeleteAll: () => void;
  /** Deletes the whole trash for good, once asked. */
  deleteAll: () => Promise<void>;
  close: () => void;
}

/**
 * Restore all and delete all of the trash photos screen (spec 000 §2, §4 restore-all
 * dialog). Restore all walks the whole trash (spec 000 §7: trash file infos fetched in
 * pages) and restores it in multi_rollback's batches, the dialog counting them; delete all
 * is one call. The loaded files are hidden meanwhile (See: [Note: Trash processing]).
 */
export function useBulkActions(
  dispatch: Dispatch<ProcessingAction>,
  fileActions: Pick<TrashFileActions, 'settleRestore'>,
  loadedIds: () => string[],
): BulkActions {
  const api = useApi();
  const queryClient = useQueryClient();
  const [bulk, setBulk] = useState<BulkState | null>(null);
  const step = useCallback((action: BulkAction) => {
    setBulk((open) => open && { ...open, phase: bulkReducer(open.phase, action) });
  }, []);
  const { settleRestore } = fileActions;

  const restoreAll = useCallback(
    async (knownTotal: number) => {
      setBulk({
        kind: 'restore',
        phase: bulkReducer({ phase: 'confirm' }, { type: 'start', total: undefined }),
      });
      let files;
      try {
        files = await fetchAllTrashFiles(api);
      } catch {
        step({ type: 'finish', total: knownTotal, failed: knownTotal });
        return;
      }
      step({ type: 'start', total: files.length });
      dispatch({ type: 'started', ids: files.map((file) => file.id) });
      const outcome = await restoreTrashFiles(api, files, (done) => {
        step({ type: 'progress', done });
      });
      settleRestore(outcome);
      step({ type: 'finish', total: files.length, failed: outcome.failed.length });
    },
    [api, dispatch, settleRestore, step],
  );

  const askDeleteAll = useCallback(() => {
    setBulk({ kind: 'delete', phase: { phase: 'confirm' } });
  }, []);

  const deleteAll = useCallback(async () => {
    const ids = loadedIds();
    step({ type: 'start', total: undefined });
    dispatch({ type: 'started', ids });
    try {
      const answer = await emptyTrash(api);
      removeFromTrashList(queryClient, ids);
      step({ type: 'finish', total: answer.deleted, failed: 0 });
    } catch {
      step({ type: 'finish', total: ids.length, failed: Math.max(1, ids.length) });
    }
    // Deleted or not, the files are the list's again; the dialog told how it went.
    dispatch({ type: 'finished', ids });
    refreshAfterTrashChange(queryClient, 'delete');
  }, [api, dispatch, loadedIds, queryClient, step]);

  const close = useCallback(() => {
    setBulk((open) => (open?.phase.phase === 'progress' ? open : null));
  }, []);
  return { bulk, restoreAll, askDeleteAll, deleteAll, close };
}
