import type { JobInfo, RemoteFile } from '@trove/contract';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { HttpError } from '../../api/http-error.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { isActive } from '../uploads/model.ts';
import { PhotoPicker } from '../uploads/PhotoPicker.tsx';
import type { PickedFile } from '../uploads/uploader.ts';
import { useUploader, useUploaderView } from '../uploads/UploaderProvider.tsx';
import { AlsoTimelineDialog } from './AlsoTimelineDialog.tsx';
import { useAlbumFiles, useAlbumQuery } from './api.ts';

/**
 * Route /albums/{albumId}: an album's files and step 2 of spec 000 §4 Album create, adding
 * photos. Files picked here upload into the album; the user is asked whether they go to
 * the timeline too (spec 000 §4), and the uploader copies them there once complete.
 */
export function AlbumPage() {
  const intl = useIntl();
  const { albumId = '' } = useParams();
  const album = useAlbumQuery(albumId);
  const isReceiving = useUploaderView((view) =>
    view.queue.items.some((item) => item.targetJob === albumId && isActive(item)),
  );
  const files = useAlbumFiles(albumId, isReceiving);
  useRefetchWhenReceived(isReceiving, files.refetch);
  const title = album.data ? album.data.title || intl.formatMessage({ id: 'albums.untitled' }) : '';
  usePageTitle(title || intl.formatMessage({ id: 'nav.albums' }));

  const error = album.error ?? files.error;
  if (error instanceof HttpError && error.status === 404) {
    return (
      <EmptyState
        icon="albums"
        title={intl.formatMessage({ id: 'albums.notFoundTitle' })}
        text={intl.formatMessage({ id: 'albums.notFoundText' })}
        action={<BackToAlbums />}
      />
    );
  }
  if (error) {
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void album.refetch();
          void files.refetch();
        }}
      />
    );
  }
  if (!album.data || !files.data) return <PageSpinner />;
  return (
    <section className="page album-page">
      <BackToAlbums />
      <header className="album-page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="album-page__meta">
            {intl.formatMessage({ id: 'albums.fileCount' }, { count: files.data.length })}
          </p>
        </div>
        <AddToAlbumButton album={album.data} />
      </header>
      {files.data.length === 0 ? (
        <EmptyState
          icon="photos"
          title={intl.formatMessage({ id: 'albums.emptyAlbumTitle' })}
          text={intl.formatMessage({ id: 'albums.emptyAlbumText' })}
        />
      ) : (
        <ul className="album-files" aria-label={title}>
          {files.data.map((file) => (
            <AlbumFile key={file.id} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The list once more when the last upload into the album finished, so it shows at once. */
function useRefetchWhenReceived(isReceiving: boolean, refetch: () => Promise<unknown>) {
  const was = useRef(isReceiving);
  useEffect(() => {
    if (was.current && !isReceiving) void refetch();
    was.current = isReceiving;
  }, [isReceiving, refetch]);
}

function BackToAlbums() {
  const intl = useIntl();
  return (
    <Link to="/albums" className="back-link">
      <Icon name="arrowBack" size={20} />
      {intl.formatMessage({ id: 'albums.back' })}
    </Link>
  );
}

/** "Add photos" of an album: pick, then ask about the timeline, then queue. */
function AddToAlbumButton({ album }: { album: JobInfo }) {
  const uploader = useUploader();
  const [picked, setPicked] = useState<readonly PickedFile[] | null>(null);
  const add = (alsoTimeline: boolean) => {
    if (!picked) return;
    setPicked(null);
    uploader.addFiles(picked, { jobId: album.id, alsoTimeline }).catch(() => {
      uploader.showNotice('addFailed');
    });
  };
  return (
    <>
      <PhotoPicker className="btn btn--primary" onPick={setPicked} />
      {picked && (
        <AlsoTimelineDialog
          count={picked.length}
          onAnswer={add}
          onCancel={() => {
            setPicked(null);
          }}
        />
      )}
    </>
  );
}

/** One file of the album: its thumbnail, or the default image while there is none (spec 000 §8). */
function AlbumFile({ file }: { file: RemoteFile }) {
  const api = useApi();
  const [hasFailed, setHasFailed] = useState(false);
  const src =
    file.thumb_url_small && !hasFailed ? `${api.directory.thumb}${file.thumb_url_small}` : undefined;
  return (
    <li className="album-files__item">
      {src ? (
        <img
          className="album-files__image"
          src={src}
          alt={file.name}
          decoding="async"
          onError={() => {
            setHasFailed(true);
          }}
        />
      ) : (
        <span className="album-files__fallback" role="img" aria-label={file.name}>
          <Icon name={file.type === 'Movies' ? 'video' : 'photos'} size={32} />
        </span>
      )}
    </li>
  );
}
