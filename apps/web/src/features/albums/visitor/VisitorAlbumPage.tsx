import '../../../styles/albums-visitor.css';
import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { lazyScreen } from '../../../ui/lazy-screen.ts';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { ScreenBoundary } from '../../../ui/ScreenBoundary.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useLoginState } from '../../../api/login-store.ts';
import { displayTitle } from '../list/model.ts';
import { useAlbumLoad } from '../../../album-access/use-album-load.ts';
import {
  AlbumLoginRequired,
  AlbumNotFound,
  AlbumRecentlyDeleted,
} from '../../../album-access/AlbumGonePages.tsx';
import { AlbumPasswordPage } from '../../../album-access/AlbumPasswordPage.tsx';
import { pageOf } from '../../../album-access/load-status.ts';
import { isMemberView } from '../../../album-access/roles.ts';
import { DeletedAlbumActions } from '../view/DeletedAlbumActions.tsx';
import { VisitorAlbumView } from './VisitorAlbumView.tsx';

// The viewer's chunk and words come with the first photo opened (See: [Note: Lazy screens]).
const VisitorCarousel = lazyScreen(() => import('./VisitorCarousel.tsx').then((m) => m.VisitorCarousel), {
  messages: 'viewer',
});

/**
 * Route /a/{albumId}: a shared album opened by its link (spec 000 §2, §6 Visitor). The album
 * load machine of spec 000 §4 decides the page: the album, the password page, the not-found
 * page, the login gate or the deleted page. Its owner and participants are sent on to
 * /albums/{albumId}; anyone else signed in sees the visitor view with Subscribe. On
 * /a/{albumId}/carousel/{fileId} the viewer opens over it (issue #23).
 */
export function VisitorAlbumPage() {
  const intl = useIntl();
  const { albumId = '', fileId } = useParams();
  const login = useLoginState();
  const isLoggedIn = login.status === 'AUTHENTICATED';
  // The job info answer depends on who asks: wait for the login check to end.
  const [state, dispatch] = useAlbumLoad(albumId, isLoggedIn, login.status !== 'FETCHING');
  const { album } = state;
  usePageTitle(
    album
      ? displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }))
      : intl.formatMessage({ id: 'nav.albums' }),
  );

  switch (pageOf(state.status)) {
    case 'loader':
      return <PageSpinner />;
    case 'password':
      return (
        <AlbumPasswordPage
          albumId={albumId}
          onGranted={() => {
            dispatch({ type: 'PASSWORD_PROVIDED' });
          }}
        />
      );
    case 'notFound':
      return (
        <AlbumNotFound
          albumId={albumId}
          isLoggedIn={isLoggedIn}
          {...(state.status === 'FETCH_FAILED' && {
            onRetry: () => {
              dispatch({ type: 'LOAD' });
            },
          })}
        />
      );
    case 'login':
      return <AlbumLoginRequired albumId={albumId} />;
    case 'deleted':
      return (
        <AlbumRecentlyDeleted>{isLoggedIn && <DeletedAlbumActions albumId={albumId} />}</AlbumRecentlyDeleted>
      );
    case 'album':
      if (!album) return <PageSpinner />;
      if (isLoggedIn && isMemberView(album)) {
        const id = encodeURIComponent(album.id);
        const to = fileId === undefined ? `/albums/${id}` : `/carousel/${id}/${encodeURIComponent(fileId)}`;
        return <Navigate to={to} replace />;
      }
      return (
        <>
          <VisitorAlbumView
            album={album}
            isLoggedIn={isLoggedIn}
            isRefreshing={state.status === 'PARTIALLY_FETCHED'}
            dispatch={dispatch}
          />
          {fileId !== undefined && (
            <ScreenBoundary className="screen-loading--viewer">
              <VisitorCarousel album={album} fileId={fileId} />
            </ScreenBoundary>
          )}
        </>
      );
  }
}
