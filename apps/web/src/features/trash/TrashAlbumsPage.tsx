import type { TrashAlbum } from '@trove/contract';
import { useReducer, useState } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useTrashAlbumsQuery } from './api.ts';
import { initialProcessing, processingReducer } from './model.ts';
import { TrashAlbumTile } from './TrashAlbumTile.tsx';
import { TrashConfirmDialog } from './TrashDialogs.tsx';
import { TrashHeader } from './TrashHeader.tsx';
import { TrashToolbar } from './TrashToolbar.tsx';
import { useTrashAlbumActions } from './use-trash-album-actions.ts';
import './trash.css';

/**
 * Routes /deleted_items/albums and its in-app variant: the trash albums of spec 000 §2 — a
 * grid of deleted albums, each with its menu (restore, delete), restore all and delete all,
 * and an empty state. Albums being restored or deleted are hidden (spec 000 §4).
 */
export function TrashAlbumsPage() {
  const intl = useIntl();
  const albums = useTrashAlbumsQuery();
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
  const [processing, dispatch] = useReducer(processingReducer, initialProcessing);
  const actions = useTrashAlbumActions(dispatch);
  // The albums a delete waits on the user's answer for: one, or all of them.
  const [toDelete, setToDelete] = useState<readonly TrashAlbum[] | null>(null);
  const title = intl.formatMessage({ id: 'trash.albums.title' });
  usePageTitle(title);

  if (albums.isError && !albums.data)
    return <QueryError error={albums.error} onRetry={() => void albums.refetch()} />;
  if (!albums.data) return <PageSpinner />;
  const shown = albums.data.filter((album) => !processing.hidden.has(album.id));
  const fetchedAt = new Date(albums.dataUpdatedAt);
  return (
    <section className="page trash-page">
      <TrashHeader title={title}>
        {shown.length > 0 && (
          <TrashToolbar
            isReadOnly={isReadOnly}
            onRestoreAll={() => void actions.restore(shown.map((album) => album.id))}
            onDeleteAll={() => {
              setToDelete(shown);
            }}
          />
        )}
      </TrashHeader>
      {shown.length === 0 ? (
        <EmptyState
          heading="h2"
          icon="albums"
          title={intl.formatMessage({ id: 'trash.albums.emptyTitle' })}
          text={intl.formatMessage({ id: 'trash.albums.emptyText' })}
        />
      ) : (
        <>
          <p className="trash-page__count muted" role="status">
            {intl.formatMessage({ id: 'trash.albums.count' }, { count: shown.length })}
          </p>
          <ul className="trash-albums" aria-label={title}>
            {shown.map((album) => (
              <TrashAlbumTile
                key={album.id}
                album={album}
                now={fetchedAt}
                isReadOnly={isReadOnly}
                failure={processing.failed.get(album.id)}
                onRestore={(id) => void actions.restore([id])}
                onDelete={(one) => {
                  setToDelete([one]);
                }}
              />
            ))}
          </ul>
        </>
      )}
      {toDelete && (
        <TrashConfirmDialog
          title={intl.formatMessage({ id: 'trash.albums.confirmDelete.title' }, { count: toDelete.length })}
          body={intl.formatMessage({ id: 'trash.albums.confirmDelete.body' }, { count: toDelete.length })}
          onCancel={() => {
            setToDelete(null);
          }}
          onConfirm={() => {
            setToDelete(null);
            void actions.deleteForGood(toDelete.map((album) => album.id));
          }}
        />
      )}
    </section>
  );
}
