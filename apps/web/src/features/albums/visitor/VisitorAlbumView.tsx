import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { DownloadAlbumButton } from '../view/DownloadAlbumButton.tsx';
import { displayTitle } from '../list/model.ts';
import { albumHeaders, useAlbumChanges } from './api-visitor.ts';
import type { AlbumLoadEvent } from './load-status.ts';
import { albumActionPath } from './roles.ts';
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
 * whole album (spec 000 §6: visitors may download), and adding the album to their own photos
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
