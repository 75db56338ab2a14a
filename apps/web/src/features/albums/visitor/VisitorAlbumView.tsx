import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { DownloadAlbumButton } from '../view/DownloadAlbumButton.tsx';
import { displayTitle } from '../list/model.ts';
import { AUTO_PLAY_HASH } from '../view/model.ts';
import { albumHeaders } from '../../../album-access/album-call.ts';
import { useAlbumChanges, useVisitorFiles } from './api-visitor.ts';
import type { AlbumLoadEvent } from '../../../album-access/load-status.ts';
import { albumActionPath, visitorCarouselPath } from '../../../album-access/roles.ts';
import { VisitorFileGrid } from './VisitorFileGrid.tsx';

/** Props of {@link VisitorAlbumView}. */
export interface VisitorAlbumViewProps {
  album: JobInfo;
  isLoggedIn: boolean;
  /** PARTIALLY_FETCHED: a newer version is on its way; this one stays on screen. */
  isRefreshing: boolean;
  dispatch: (event: AlbumLoadEvent) => void;
}

/**
 * A shared album as a visitor or a signed-in non-member sees it (spec 000 §2, §6): its
 * title, who shared it, its files, and what they may do: Subscribe when
 * currentUserCan.subscribeToAlbum, 'Sign in to add photos' when signed out, downloading the
 * whole album (spec 000 §6: visitors may download), the slideshow (the carousel from the
 * first file with #autoPlay, issue #23), and adding the album to their own photos
 * (login-gated). New files show up as the changes come in.
 */
export function VisitorAlbumView({ album, isLoggedIn, isRefreshing, dispatch }: VisitorAlbumViewProps) {
  const intl = useIntl();
  useAlbumChanges(album.id, album.last_update, !isRefreshing, dispatch);
  const title = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
  const count = album.media_count;
  return (
    <section className="page album-page visitor-album">
      <header className="album-page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="album-page__meta">
            {album.owner_name !== '' &&
              intl.formatMessage({ id: 'albums.visitor.sharedBy' }, { name: album.owner_name })}
            {album.owner_name !== '' && count !== undefined && ' · '}
            {count !== undefined && intl.formatMessage({ id: 'albums.fileCount' }, { count })}
          </p>
          {isRefreshing && <Spinner size={16} />}
        </div>
        <div className="visitor-album__actions">
          <VisitorActions album={album} isLoggedIn={isLoggedIn} />
        </div>
      </header>
      <VisitorFileGrid album={album} />
    </section>
  );
}

function VisitorActions({ album, isLoggedIn }: { album: JobInfo; isLoggedIn: boolean }) {
  const intl = useIntl();
  const can = album.currentUserCan;
  const hasFiles = album.media_count !== 0;
  return (
    <>
      {hasFiles && <SlideshowButton album={album} />}
      {hasFiles && (
        <DownloadAlbumButton album={album} isDisabled={false} headers={() => albumHeaders(album.id)} />
      )}
      {hasFiles && album.role !== 'readOnly' && (
        <Link className="btn btn--secondary" to={albumActionPath(album.id, 'copyAlbum')}>
          {intl.formatMessage({ id: 'albums.visitor.saveAll' })}
        </Link>
      )}
      {isLoggedIn && can.subscribeToAlbum && (
        <Link className="btn btn--primary" to={albumActionPath(album.id, 'subscribe')}>
          {intl.formatMessage({ id: 'albums.visitor.subscribe' })}
        </Link>
      )}
      {/* spec 000 §1, §6: visitors are asked to sign in before adding photos; signed in,
          they join the album and add them there. */}
      {!isLoggedIn && album.allow_uploads && (
        <Link className="btn btn--primary" to={albumActionPath(album.id, 'subscribe')}>
          {intl.formatMessage({ id: 'albums.visitor.signInToAdd' })}
        </Link>
      )}
    </>
  );
}

/** The slideshow (spec 000 §2, §9): the visitor's carousel from the first file, with #autoPlay. */
function SlideshowButton({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const navigate = useNavigate();
  // The grid's own query: its first page is there, or on its way.
  const files = useVisitorFiles(album);
  const first = files.data?.pages[0]?.files[0];
  return (
    <button
      type="button"
      className="btn btn--secondary"
      disabled={first === undefined}
      onClick={() => {
        if (first)
          void navigate(`${visitorCarouselPath(album.id, first.id)}${AUTO_PLAY_HASH}`, {
            state: { fromGrid: true },
          });
      }}
    >
      {intl.formatMessage({ id: 'viewer.slideshowPlay' })}
    </button>
  );
}
