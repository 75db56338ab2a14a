import type { TrashAlbums } from '@trove/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { deleteAlbumsFromTrash, refreshAfterTrashChange, rollbackAlbums, trashKeys } from './api.ts';
import type { ProcessingAction } from './model.ts';

/** The reasons a deleted album shows after a failure. */
export const ALBUM_RESTORE_FAILED = 'album_restore_failed';
export const ALBUM_DELETE_FAILED = 'delete_failed';

/** Takes albums out of the cached list at once (spec 000 §4: success removes them). */
function removeFromAlbumList(queryClient: QueryClient, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  queryClient.setQueryData<TrashAlbums>(
    trashKeys.albums(),
    (data) => data && { items: data.items.filter((album) => !gone.has(album.id)) },
  );
}

/** Splits `ids` into those in `done` and the rest. */
function split(ids: readonly string[], done: ReadonlySet<string>): { ok: string[]; failed: string[] } {
  return { ok: ids.filter((id) => done.has(id)), failed: ids.filter((id) => !done.has(id)) };
}

/**
 * Restore and delete for good of deleted albums (spec 000 §2 trash albums), hidden while
 * under way (See: [Note: Trash processing]), with the toasts of spec 000 §8: 'Album restore
 * failed', a success toast that leads to the album, a failed delete with Try again.
 * @returns functions taking album ids; the caller has asked before deleting.
 */
export function useTrashAlbumActions(dispatch: Dispatch<ProcessingAction>) {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const settle = useCallback(
    (ok: string[], failed: string[], reason: string, change: 'restore' | 'delete') => {
      removeFromAlbumList(queryClient, ok);
      dispatch({ type: 'finished', ids: ok });
      dispatch({ type: 'failed', reasons: Object.fromEntries(failed.map((id) => [id, reason])) });
      refreshAfterTrashChange(queryClient, change);
    },
    [dispatch, queryClient],
  );

  const restore = useCallback(
    async (ids: readonly string[]) => {
      dispatch({ type: 'started', ids });
      const progress = toasts.show({
        kind: 'progress',
        key: 'trash.albums.restoring',
        text: intl.formatMessage({ id: 'fileActions.restoring' }),
      });
      const restored = await rollbackAlbums(api, ids).catch(() => new Set<string>());
      toasts.dismiss(progress);
      const { ok, failed } = split(ids, restored);
      settle(ok, failed, ALBUM_RESTORE_FAILED, 'restore');
      if (failed.length > 0) {
        toasts.show({
          kind: 'error',
          text: intl.formatMessage({ id: 'trash.albums.restoreFailed' }, { count: failed.length }),
        });
      }
      const [first] = ok;
      if (first !== undefined) {
        const isOne = ok.length === 1;
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: 'trash.albums.restored' }, { count: ok.length }),
          action: {
            label: intl.formatMessage({ id: isOne ? 'trash.albums.seeAlbum' : 'trash.albums.seeAlbums' }),
            onAction: () => void navigate(isOne ? `/albums/${encodeURIComponent(first)}` : '/albums'),
          },
        });
      }
    },
    [api, dispatch, intl, navigate, settle, toasts],
  );

  const deleteForGood = useCallback(
    async function run(ids: readonly string[]): Promise<void> {
      dispatch({ type: 'started', ids });
      const progress = toasts.show({
        kind: 'progress',
        key: 'trash.albums.deleting',
        text: intl.formatMessage({ id: 'fileActions.deleting' }),
      });
      const deleted = await deleteAlbumsFromTrash(api, ids).catch(() => new Set<string>());
      toasts.dismiss(progress);
      const { ok, failed } = split(ids, deleted);
      settle(ok, failed, ALBUM_DELETE_FAILED, 'delete');
      if (ok.length > 0) {
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: 'trash.albums.deleted' }, { count: ok.length }),
        });
      }
      if (failed.length > 0) {
        toasts.show({
          kind: 'error',
          text: intl.formatMessage({ id: 'trash.albums.deleteFailed' }, { count: failed.length }),
          action: {
            label: intl.formatMessage({ id: 'common.tryAgain' }),
            onAction: () => void run(failed),
          },
        });
      }
    },
    [api, dispatch, intl, settle, toasts],
  );

  return { restore, deleteForGood };
}
