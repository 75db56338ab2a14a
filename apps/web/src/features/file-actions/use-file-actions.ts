import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { timelineKeys } from '../library/api.ts';
import { deleteFileIds, restoreFileIds, type BatchOutcome } from './actions.ts';

/** Keys of the in-progress toasts, so concurrent work shows one toast (spec 000 §4). */
const PROGRESS_KEYS = {
  deleting: 'fileActions.deleting',
  restoring: 'fileActions.restoring',
};

/** Options of {@link useDeleteFiles}. */
export interface DeleteFilesOptions {
  /** Whether the caller owns the job: spec 000 §6 offers undo of deleted files only to the job owner. */
  isOwner?: boolean;
}

/**
 * Moves files of job `jobId` to the trash with the toasts of spec 000 §4 and §8: 'Deleting…'
 * while it runs, then '{n} files deleted' with Undo (for the job owner) and/or 'Failed to
 * delete file' / 'Failed to delete {n} files'. Undo restores them with multi_rollback. The
 * timeline is fetched again after each. Whether the caller may delete at all is the caller's
 * check (spec 000 §6: in the timeline always, in an album when currentUserCan.deleteFile).
 * @returns a function that deletes the given file ids and resolves with how it went.
 */
export function useDeleteFiles(
  jobId: string,
  { isOwner = true }: DeleteFilesOptions = {},
): (fileIds: readonly string[]) => Promise<BatchOutcome> {
  const api = useApi();
  const toasts = useToasts();
  const intl = useIntl();
  const queryClient = useQueryClient();

  return useCallback(
    async (fileIds) => {
      const refresh = () => void queryClient.invalidateQueries({ queryKey: timelineKeys.all });

      const restore = async (ids: readonly string[]) => {
        const progress = toasts.show({
          kind: 'progress',
          key: PROGRESS_KEYS.restoring,
          text: intl.formatMessage({ id: 'fileActions.restoring' }),
        });
        const restored = await restoreFileIds(api, jobId, ids);
        toasts.dismiss(progress);
        refresh();
        const count = restored.failed.length;
        if (count > 0) {
          // spec 000 §8 Restore: 'Error - file not restored'.
          const text =
            count === 1
              ? intl.formatMessage({ id: 'fileActions.restoreFailed.one' })
              : intl.formatMessage({ id: 'fileActions.restoreFailed.many' }, { count });
          toasts.show({ kind: 'error', text });
        }
        if (restored.succeeded.length > 0) {
          const text = intl.formatMessage(
            { id: 'fileActions.restored' },
            { count: restored.succeeded.length },
          );
          toasts.show({ kind: 'success', text });
        }
      };

      const progress = toasts.show({
        kind: 'progress',
        key: PROGRESS_KEYS.deleting,
        text: intl.formatMessage({ id: 'fileActions.deleting' }),
      });
      const outcome = await deleteFileIds(api, jobId, fileIds);
      toasts.dismiss(progress);
      refresh();
      const failed = outcome.failed.length;
      if (failed > 0) {
        // spec 000 §8 Delete file(s).
        const text =
          failed === 1
            ? intl.formatMessage({ id: 'fileActions.deleteFailed.one' })
            : intl.formatMessage({ id: 'fileActions.deleteFailed.many' }, { count: failed });
        toasts.show({ kind: 'error', text });
      }
      const deleted = outcome.succeeded;
      if (deleted.length > 0) {
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: 'fileActions.deleted' }, { count: deleted.length }),
          ...(isOwner && {
            action: {
              label: intl.formatMessage({ id: 'fileActions.undo' }),
              onAction: () => void restore(deleted),
            },
          }),
        });
      }
      return outcome;
    },
    [api, jobId, isOwner, toasts, intl, queryClient],
  );
}
