import '../../../styles/albums-visitor.css';
import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useLoginState } from '../../auth/login-store.ts';
import { displayTitle } from '../list/model.ts';
import { useAlbumLoad } from './api-visitor.ts';
import { AlbumLoginRequired, AlbumNotFound, AlbumRecentlyDeleted } from './AlbumGonePages.tsx';
import { AlbumPasswordPage } from './AlbumPasswordPage.tsx';
import { pageOf } from './load-status.ts';
import { isMemberView } from './roles.ts';
import { VisitorAlbumView } from './VisitorAlbumView.tsx';

/**
 * Route /a/{albumId}: a shared album opened by its link (spec 000 §2, §6 Visitor). The album
 * load machine of spec 000 §4 decides the page: the album, the password page, the not-found
 * page, the login gate or the deleted page. Its owner and participants are sent on to
 * /albums/{albumId}; anyone else signed in sees the visitor view with Subscribe.
 */
export function VisitorAlbumPage() {
  const intl = useIntl();
  const { albumId = '' } = useParams();
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
      return <AlbumRecentlyDeleted {...(isLoggedIn && { albumId })} />;
    case 'album':
      if (!album) return <PageSpinner />;
      if (isLoggedIn && isMemberView(album))
        return <Navigate to={`/albums/${encodeURIComponent(album.id)}`} replace />;
      return (
        <VisitorAlbumView
          album={album}
          isLoggedIn={isLoggedIn}
          isRefreshing={state.status === 'PARTIALLY_FETCHED'}
          dispatch={dispatch}
        />
      );
  }
}
