import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAlbumsQuery } from './api.ts';

/** Route /albums: the albums list (spec 000 §2). Creating albums comes in a later issue. */
export function AlbumsPage() {
  const intl = useIntl();
  const albums = useAlbumsQuery();
  const title = intl.formatMessage({ id: 'nav.albums' });
  usePageTitle(title);
  if (albums.isError) return <QueryError error={albums.error} onRetry={() => void albums.refetch()} />;
  if (!albums.data) return <PageSpinner />;
  if (albums.data.length === 0) {
    return (
      <EmptyState
        icon="albums"
        title={intl.formatMessage({ id: 'albums.emptyTitle' })}
        text={intl.formatMessage({ id: 'albums.emptyText' })}
      />
    );
  }
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <ul className="album-grid">
        {albums.data.map((album) => (
          <AlbumTile key={album.id} album={album} />
        ))}
      </ul>
    </section>
  );
}

function AlbumTile({ album }: { album: JobInfo }) {
  const intl = useIntl();
  return (
    <li className="album-tile">
      <div className="album-tile__cover" aria-hidden="true">
        <Icon name="albums" size={40} />
      </div>
      <h2 className="album-tile__title">{album.title || intl.formatMessage({ id: 'albums.untitled' })}</h2>
      <p className="album-tile__meta">{intl.formatDate(album.mtime * 1000, { dateStyle: 'medium' })}</p>
    </li>
  );
}
