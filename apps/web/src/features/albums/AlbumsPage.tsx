import type { JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAlbumsQuery } from './api.ts';
import { CreateAlbumDialog } from './CreateAlbumDialog.tsx';

/**
 * Route /albums: the albums list and its create button (spec 000 §2). Filters, sorting,
 * covers and sharing come with the albums issue.
 */
export function AlbumsPage() {
  const intl = useIntl();
  const albums = useAlbumsQuery();
  const [isCreating, setIsCreating] = useState(false);
  const title = intl.formatMessage({ id: 'nav.albums' });
  usePageTitle(title);
  if (albums.isError) return <QueryError error={albums.error} onRetry={() => void albums.refetch()} />;
  if (!albums.data) return <PageSpinner />;
  const create = (
    <button
      type="button"
      className="btn btn--primary"
      onClick={() => {
        setIsCreating(true);
      }}
    >
      <Icon name="add" size={20} />
      {intl.formatMessage({ id: 'albums.create' })}
    </button>
  );
  const dialog = isCreating && (
    <CreateAlbumDialog
      onClose={() => {
        setIsCreating(false);
      }}
    />
  );
  if (albums.data.length === 0) {
    return (
      <>
        <EmptyState
          icon="albums"
          title={intl.formatMessage({ id: 'albums.emptyTitle' })}
          text={intl.formatMessage({ id: 'albums.emptyText' })}
          action={create}
        />
        {dialog}
      </>
    );
  }
  return (
    <section className="page">
      <header className="album-page__header">
        <h1 className="page__title">{title}</h1>
        {create}
      </header>
      <ul className="album-grid">
        {albums.data.map((album) => (
          <AlbumTile key={album.id} album={album} />
        ))}
      </ul>
      {dialog}
    </section>
  );
}

function AlbumTile({ album }: { album: JobInfo }) {
  const intl = useIntl();
  return (
    <li className="album-tile">
      <Link to={`/albums/${encodeURIComponent(album.id)}`} className="album-tile__link">
        <div className="album-tile__cover" aria-hidden="true">
          <Icon name="albums" size={40} />
        </div>
        <h2 className="album-tile__title">{album.title || intl.formatMessage({ id: 'albums.untitled' })}</h2>
        <p className="album-tile__meta">{intl.formatDate(album.mtime * 1000, { dateStyle: 'medium' })}</p>
      </Link>
    </li>
  );
}
