import '../../styles/album-view.css';
import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { isNetworkError } from '../../api/http-error.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAlbumQuery } from './api.ts';
import { displayTitle } from './list/model.ts';
import { AlbumDrops } from './edit/UploadIntoAlbum.tsx';
import { useAlbumMonths, useAlbumUsers, useViewMode } from './view/album-api.ts';
import { AlbumFiles } from './view/AlbumFiles.tsx';
import { AlbumHeader } from './view/AlbumHeader.tsx';
import { AlbumDeleted, AlbumNotFound } from './view/AlbumStates.tsx';
import { AlbumToolbar } from './view/AlbumToolbar.tsx';
import { fileSortOf, loadStatusOf } from './view/model.ts';
import type { TimelineMonth } from '@trove/contract';
import { useLiveAlbum } from './view/use-live-album.ts';

/**
 * Route /albums/{albumId}: the logged-in album view (spec 000 §2 Album view): cover, title,
 * participants and counts; view mode (grid or flow) and file sort; the files in the
 * timeline's virtualised grid; the album's actions for who may (spec 000 §6, by
 * currentUserCan). It stays live while open. Load states of spec 000 §4: a spinner while
 * pending, the not-found page, a deleted album's page (RECENTLY_DELETED).
 */
export function AlbumPage() {
  const intl = useIntl();
  const { albumId = '' } = useParams();
  const album = useAlbumQuery(albumId);
  const isLoaded = album.data !== undefined;
  const months = useAlbumMonths(albumId, isLoaded);
  const users = useAlbumUsers(albumId, isLoaded);
  const viewMode = useViewMode(albumId);
  useLiveAlbum(albumId, album.data?.last_update);
  const title = displayTitle(
    { title: album.data?.title ?? '' },
    intl.formatMessage({ id: 'albumView.unnamed' }),
  );
  usePageTitle(album.data ? title : intl.formatMessage({ id: 'nav.albums' }));

  // A refetch that fails (the album deleted meanwhile) wins over the data held from before.
  if (album.error) {
    switch (loadStatusOf(album.error, true)) {
      case 'RECENTLY_DELETED':
        return <AlbumDeleted albumId={albumId} />;
      case 'PASSWORD_REQUIRED':
      case 'LOGIN_REQUIRED':
        // Not a member of a protected album: the visitor's page asks for the password. Who
        // was a member a moment ago (they left, or the album closed to them) goes back to
        // their albums instead: leaving must end there whichever answer comes first.
        return (
          <Navigate
            to={album.data && album.data.role !== 'visitor' ? '/albums' : `/a/${encodeURIComponent(albumId)}`}
            replace
          />
        );
      case 'FETCH_FAILED':
        if (isNetworkError(album.error))
          return <QueryError error={album.error} onRetry={() => void album.refetch()} />;
        return <AlbumNotFound />;
      case 'NOT_FOUND':
        return <AlbumNotFound />;
    }
  }
  if (!album.data) return <PageSpinner />;
  const failed = months.error;
  return (
    <section className="page album-view">
      <AlbumHeader album={album.data} title={title} users={users.data} />
      <AlbumToolbar album={album.data} viewMode={viewMode.data ?? 'flow'} isEmpty={isEmpty(months.data)} />
      {album.data.currentUserCan.addPhotos && <AlbumDrops albumId={album.data.id} />}
      {failed ? (
        <QueryError error={failed} onRetry={() => void months.refetch()} />
      ) : !months.data || viewMode.isPending ? (
        <PageSpinner />
      ) : (
        <AlbumFiles
          album={album.data}
          months={months.data}
          sort={fileSortOf(album.data)}
          viewMode={viewMode.data ?? 'flow'}
        />
      )}
    </section>
  );
}

const isEmpty = (months: readonly TimelineMonth[] | undefined) =>
  months !== undefined && months.every((month) => month.pictures + month.videos + month.screenshots === 0);
