import { isUnnamedTitle, type JobInfo, type RemoteFile } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { HttpError } from '../../../api/http-error.ts';
import { AreaMessages } from '../../../i18n/I18nProvider.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useLoginState } from '../../../api/login-store.ts';
import {
  AlbumLoginRequired,
  AlbumNotFound,
  AlbumRecentlyDeleted,
} from '../../../album-access/AlbumGonePages.tsx';
import { AlbumPasswordPage } from '../../../album-access/AlbumPasswordPage.tsx';
import { useAlbumLoad } from '../../../album-access/use-album-load.ts';
import { pageOf } from '../../../album-access/load-status.ts';
import { albumActionPath } from '../../../album-access/roles.ts';
import { useFileComments } from '../../comments/api.ts';
import { downloadFile } from '../../file-actions/index.ts';
import { LightboxMedia } from './FileLightbox.tsx';

/**
 * Route /albumImage/{albumId}/{fileId} (spec 000 §2): one file of a shared album shown full
 * screen as a share, for anyone the album's link lets in. The album loads through the album
 * load machine of spec 000 §4, so its password page, not-found, login and deleted pages are
 * the album's own (their texts are the albums area's, fetched with them).
 */
export function AlbumImagePage() {
  return (
    <AreaMessages area="albums">
      <AlbumImage />
    </AreaMessages>
  );
}

function AlbumImage() {
  const { albumId = '', fileId = '' } = useParams();
  const login = useLoginState();
  const isLoggedIn = login.status === 'AUTHENTICATED';
  // The job info answer depends on who asks: wait for the login check to end.
  const [state, dispatch] = useAlbumLoad(albumId, isLoggedIn, login.status !== 'FETCHING');
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
      return <AlbumNotFound albumId={albumId} isLoggedIn={isLoggedIn} />;
    case 'login':
      return <AlbumLoginRequired albumId={albumId} />;
    case 'deleted':
      return <AlbumRecentlyDeleted />;
    case 'album':
      if (!state.album) return <PageSpinner />;
      return <AlbumFile album={state.album} fileId={fileId} />;
  }
}

/** The file, as its comments' answer carries it (one call, however large the album). */
function AlbumFile({ album, fileId }: { album: JobInfo; fileId: string }) {
  const intl = useIntl();
  const found = useFileComments(album.id, fileId);
  const file = found.data?.file;
  const title = isUnnamedTitle(album.title)
    ? intl.formatMessage({ id: 'sharePage.untitledAlbum' })
    : album.title;
  usePageTitle(file?.name ?? title);
  const albumPath = `/a/${encodeURIComponent(album.id)}`;
  if (found.error instanceof HttpError && found.error.status === 404)
    return (
      <section className="message-page">
        <div className="message-page__icon">
          <Icon name="photos" size={48} />
        </div>
        <h1>{intl.formatMessage({ id: 'sharePage.albumImage.gone' })}</h1>
        <Link className="btn btn--primary" to={albumPath}>
          {intl.formatMessage({ id: 'sharePage.albumImage.openAlbum' })}
        </Link>
      </section>
    );
  if (found.isError)
    return (
      <QueryError
        error={found.error}
        onRetry={() => {
          void found.refetch();
        }}
      />
    );
  if (!file) return <PageSpinner />;
  return <AlbumFileView album={album} title={title} file={file} />;
}

function AlbumFileView({ album, title, file }: { album: JobInfo; title: string; file: RemoteFile }) {
  const intl = useIntl();
  const api = useApi();
  const albumPath = `/a/${encodeURIComponent(album.id)}`;
  return (
    <section className="album-image">
      <header className="album-image__header">
        <div className="album-image__titles">
          <h1 className="album-image__name">{file.name}</h1>
          <Link className="album-image__album" to={albumPath}>
            {intl.formatMessage({ id: 'sharePage.albumImage.from' }, { name: title })}
          </Link>
        </div>
        <div className="share-page__actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              downloadFile(api.directory, file);
            }}
          >
            <Icon name="download" size={20} />
            {intl.formatMessage({ id: 'sharePage.download' })}
          </button>
          {album.role !== 'readOnly' && (
            <Link className="btn btn--primary" to={albumActionPath(album.id, 'copyAlbum', file.id)}>
              <Icon name="addPhoto" size={20} />
              {intl.formatMessage({ id: 'sharePage.addToTimeline' })}
            </Link>
          )}
        </div>
      </header>
      <div className="album-image__stage">
        <LightboxMedia key={file.id} file={file} />
      </div>
    </section>
  );
}
