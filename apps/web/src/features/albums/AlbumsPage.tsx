import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAlbumListQuery } from './api-list.ts';
import { AlbumGrid } from './list/AlbumGrid.tsx';
import './list/albums-list.css';
import { AlbumsToolbar } from './list/AlbumsToolbar.tsx';
import { newAlbumPath } from './route-params.ts';
import { albumListParams, parseAlbumListView, visibleAlbums, type AlbumListView } from './list/model.ts';

/**
 * Route /albums: the albums the user owns or takes part in (spec 000 §2 Albums list), with
 * the filters, sorts and search of §9 (kept in the query, so going back keeps them), the
 * create button, and an empty state when there are none.
 */
export function AlbumsPage() {
  const intl = useIntl();
  const albums = useAlbumListQuery();
  const [params, setParams] = useSearchParams();
  const view = parseAlbumListView(params);
  const { filter, sort, query } = view;
  const title = intl.formatMessage({ id: 'nav.albums' });
  usePageTitle(title);
  const unnamed = intl.formatMessage({ id: 'albums.unnamed' });
  const shown = useMemo(
    () =>
      albums.data &&
      visibleAlbums(
        albums.data,
        { filter, sort, query },
        { unnamed, collator: new Intl.Collator(intl.locale) },
      ),
    [albums.data, filter, sort, query, unnamed, intl.locale],
  );
  if (albums.isError) return <QueryError error={albums.error} onRetry={() => void albums.refetch()} />;
  if (!albums.data || !shown) return <PageSpinner />;
  // Album create is two steps on its own route (spec 000 §2 /albums/{id}/edit/{tab}).
  const create = (
    <Link className="btn btn--primary" to={newAlbumPath()}>
      <Icon name="add" size={20} />
      {intl.formatMessage({ id: 'albums.create' })}
    </Link>
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
      </>
    );
  }
  const handleViewChange = (next: AlbumListView) => {
    // Typing in the search box replaces the entry, so Back leaves the page, not each letter.
    setParams(albumListParams(next), { replace: next.query !== view.query });
  };
  return (
    <section className="page album-list-page">
      <header className="album-page__header">
        <h1 className="page__title">{title}</h1>
        {create}
      </header>
      <AlbumsToolbar view={view} onChange={handleViewChange} />
      {shown.length === 0 ? (
        <p className="album-list__none" role="status">
          {intl.formatMessage({ id: 'albums.noMatch' })}
        </p>
      ) : (
        <AlbumGrid albums={shown} label={title} />
      )}
    </section>
  );
}
