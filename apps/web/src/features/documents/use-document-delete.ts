import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { restoreFileIds } from '../file-actions/index.ts';
import { deleteDocuments, documentKeys, removeFromDocuments } from './api.ts';

/** Where a delete stands: asking, the call under way, or the call failed (the dialog says so). */
export type DeletePhase = 'confirming' | 'deleting' | 'failed';

/** What {@link useDocumentDelete} offers the selection bar. */
export interface DocumentDelete {
  /** The delete being asked about or under way; null when there is none. */
  pending: { ids: string[]; phase: DeletePhase } | null;
  /** Asks for confirmation before deleting `ids`. */
  ask: (ids: string[]) => void;
  cancel: () => void;
  /** Deletes what was asked about; the dialog stays open, with an error, when the call fails. */
  confirm: () => Promise<void>;
}

/**
 * spec 000 §4 Documents: "delete asks for confirmation, then deletes and clears the
 * selection". Deleted documents leave the list at once and go to the trash for 90 days, with
 * the '{n} files deleted' toast and its Undo (spec 000 §8; the user owns the timeline job,
 * spec 000 §6). A call that fails keeps every document listed and says so in the dialog;
 * documents the server did not take (deleted elsewhere meanwhile, say) stay listed, with
 * 'Failed to delete {n} files'. `onDeleted` clears the selection.
 */
export function useDocumentDelete(jobId: string, onDeleted: () => void): DocumentDelete {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<DocumentDelete['pending']>(null);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: documentKeys.list(jobId) }),
    [queryClient, jobId],
  );

  const undo = useCallback(
    async (ids: readonly string[]) => {
      const restored = await restoreFileIds(api, jobId, ids);
      refresh();
      const failed = restored.failed.length;
      if (failed > 0) {
        const text =
          failed === 1
            ? intl.formatMessage({ id: 'fileActions.restoreFailed.one' })
            : intl.formatMessage({ id: 'fileActions.restoreFailed.many' }, { count: failed });
        toasts.show({ kind: 'error', text });
      }
      if (restored.succeeded.length > 0) {
        const count = restored.succeeded.length;
        toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'fileActions.restored' }, { count }) });
      }
    },
    [api, jobId, intl, toasts, refresh],
  );

  const confirm = useCallback(async () => {
    if (!pending || pending.phase === 'deleting') return;
    const { ids } = pending;
    setPending({ ids, phase: 'deleting' });
    let deleted: string[];
    try {
      deleted = await deleteDocuments(api, jobId, ids);
    } catch {
      setPending({ ids, phase: 'failed' });
      return;
    }
    setPending(null);
    removeFromDocuments(queryClient, jobId, deleted);
    refresh();
    onDeleted();
    const failed = ids.length - deleted.length;
    if (failed > 0) {
      const text =
        failed === 1
          ? intl.formatMessage({ id: 'fileActions.deleteFailed.one' })
          : intl.formatMessage({ id: 'fileActions.deleteFailed.many' }, { count: failed });
      toasts.show({ kind: 'error', text });
    }
    if (deleted.length > 0) {
      toasts.show({
        kind: 'success',
        text: intl.formatMessage({ id: 'fileActions.deleted' }, { count: deleted.length }),
        action: { label: intl.formatMessage({ id: 'fileActions.undo' }), onAction: () => void undo(deleted) },
      });
    }
  }, [pending, api, jobId, queryClient, refresh, onDeleted, intl, toasts, undo]);

  return {
    pending,
    ask: useCallback((ids: string[]) => {
      setPending({ ids, phase: 'confirming' });
    }, []),
    cancel: useCallback(() => {
      setPending(null);
    }, []),
    confirm,
  };
}
