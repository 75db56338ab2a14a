import '../../styles/comments.css';
import type { JobInfo, RemoteFile } from '@trove/contract';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { HttpError } from '../../api/http-error.ts';
import { useAlbumLoad } from '../../album-access/use-album-load.ts';
import { useAlbumChanges } from '../albums/index.ts';
import { type AlbumLoadEvent, pageOf } from '../../album-access/load-status.ts';
import { isMemberView } from '../../album-access/roles.ts';
import { useLoginState } from '../../api/login-store.ts';
import { placeholderOf } from '../viewer/index.ts';
import { useFileComments } from './api.ts';
import { CommentPanel } from './CommentPanel.tsx';
import { CommentsNav } from './CommentsNav.tsx';
import { ShareFileButton } from './ShareFileButton.tsx';
import type { CommentsLinkState } from './keys.ts';

/**
 * Route /comments/{albumId}/{fileId} (spec 000 §2 "comment side panel for a file"): the file
 * and its comment panel, side by side (stacked on phones), for members and visitors alike.
 * The album loads through the album load machine of spec 000 §4; any page other than the
 * album (password, not found, login, deleted) is the album's own link's to show, so the
 * visitor goes there. Stays live through the album's changes (issue #12).
 */
export function CommentsPage() {
  const { albumId = '', fileId = '' } = useParams();
  const login = useLoginState();
  const isLoggedIn = login.status === 'AUTHENTICATED';
  // The job info answer depends on who asks: wait for the login check to end.
  const [state, dispatch] = useAlbumLoad(albumId, isLoggedIn, login.status !== 'FETCHING');
  switch (pageOf(state.status)) {
    case 'loader':
      return <PageSpinner />;
    case 'album':
      if (!state.album) return <PageSpinner />;
      return (
        <CommentsView
          album={state.album}
          fileId={fileId}
          isLoggedIn={isLoggedIn}
          isRefreshing={state.status === 'PARTIALLY_FETCHED'}
          dispatch={dispatch}
        />
      );
    case 'password':
    case 'notFound':
    case 'login':
    case 'deleted':
      return <Navigate to={`/a/${encodeURIComponent(albumId)}`} replace />;
  }
}

function CommentsView(props: {
  album: JobInfo;
  fileId: string;
  isLoggedIn: boolean;
  isRefreshing: boolean;
  dispatch: (event: AlbumLoadEvent) => void;
}) {
  const { album, fileId, isLoggedIn, dispatch } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  useAlbumChanges(album.id, album.last_update, !props.isRefreshing, dispatch);
  const found = useAlbumFile(album, fileId);
  const heading = found.file?.name ?? intl.formatMessage({ id: 'comments.title' });
  usePageTitle(heading);
  const albumPath = `${isLoggedIn && isMemberView(album) ? '/albums' : '/a'}/${encodeURIComponent(album.id)}`;
  const close = () => {
    if ((location.state as CommentsLinkState | null)?.fromAlbum === true) void navigate(-1);
    else void navigate(albumPath, { replace: true });
  };
  if (found.status === 'notFound') return <FileGone albumPath={albumPath} />;
  return (
    <section className="comments-page">
      {/* The page's one heading, for screen readers: the picture says it to the eye. */}
      <h1 className="visually-hidden">{heading}</h1>
      <div className="comments-page__media">
        {found.file ? (
          <FileView file={found.file} />
        ) : found.status === 'failed' ? (
          <QueryError error={found.error} onRetry={found.retry} />
        ) : (
          <Spinner />
        )}
        {found.file && (
          <ShareFileButton
            albumId={album.id}
            fileId={fileId}
            isLoggedIn={isLoggedIn}
            mayShare={album.currentUserCan.shareFiles}
          />
        )}
        <CommentsNav album={album} fileId={fileId} onBack={close} />
      </div>
      <CommentPanel
        key={fileId}
        album={album}
        fileId={fileId}
        isLoggedIn={isLoggedIn}
        onClose={close}
        onIdentityChange={() => {
          dispatch({ type: 'LOAD' });
        }}
      />
    </section>
  );
}

/**
 * The file, as the comments' answer carries it (one call, however large the album); a file
 * gone from the album (trashed, removed) answers not found.
 */
function useAlbumFile(album: JobInfo, fileId: string) {
  const comments = useFileComments(album.id, fileId);
  const file = comments.data?.file;
  const isGone = comments.error instanceof HttpError && comments.error.status === 404;
  const status = file ? 'ready' : isGone ? 'notFound' : comments.isError ? 'failed' : 'loading';
  return {
    file,
    status,
    error: comments.error,
    retry: () => {
      void comments.refetch();
    },
  } as const;
}

/** The file itself: its large thumbnail (a video's poster) over its thumbhash. */
function FileView({ file }: { file: RemoteFile }) {
  const api = useApi();
  const [hasFailed, setHasFailed] = useState(false);
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const path = file.thumb_url_large ?? file.thumb_url_small;
  if (!path || hasFailed) {
    return (
      <span className="comments-page__fallback" role="img" aria-label={file.name}>
        <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={48} />
      </span>
    );
  }
  return (
    <div
      className="comments-page__picture"
      style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
    >
      <img
        className="comments-page__image"
        src={`${api.directory.thumb}${path}`}
        alt={file.name}
        onError={() => {
          setHasFailed(true);
        }}
      />
      {file.type === 'Movies' && (
        <span className="comments-page__video-badge" aria-hidden="true">
          <Icon name="video" size={20} />
        </span>
      )}
    </div>
  );
}

/** The file is not in the album (any more): a way back to the album. */
function FileGone({ albumPath }: { albumPath: string }) {
  const intl = useIntl();
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="photos" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'comments.fileGone' })}</h1>
      <Link className="btn btn--primary" to={albumPath} replace>
        {intl.formatMessage({ id: 'comments.backToAlbum' })}
      </Link>
    </section>
  );
}
