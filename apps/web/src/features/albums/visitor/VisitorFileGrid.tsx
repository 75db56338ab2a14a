import type { FileActivity, JobInfo, RemoteFile } from '@trove/contract';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAlbumActivity } from '../../comments/api.ts';
import { ActivityBadgeLink } from '../ActivityBadge.tsx';
import { displayTitle } from '../list/model.ts';
import { useVisitorFiles } from './api-visitor.ts';
import { visitorCarouselPath } from '../../../album-access/roles.ts';

/** The next page is asked for when the end of the grid comes within this of the viewport. */
const LOAD_AHEAD_PX = 800;

/**
 * The files of a shared album for a visitor: thumbnails in the album grid, a page at a
 * time; the next page loads as the end of the grid nears the viewport (or with Show more),
 * and tiles off screen skip their layout and paint (`content-visibility`). A file opens the
 * album's carousel as members have it (issue #23, /a/{albumId}/carousel/{fileId}); its
 * comment and love counts link to its comment panel (spec 000 §2, issue #12).
 */
export function VisitorFileGrid({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const files = useVisitorFiles(album);
  const activity = useAlbumActivity(album.id).data;
  const title = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
  if (files.isError && !files.data)
    return <QueryError error={files.error} onRetry={() => void files.refetch()} />;
  if (!files.data) return <Spinner />;
  const list = files.data.pages.flatMap((page) => page.files);
  if (list.length === 0)
    return (
      <EmptyState
        icon="photos"
        title={intl.formatMessage({ id: 'albums.emptyAlbumTitle' })}
        text={intl.formatMessage({ id: 'albums.visitor.emptyText' })}
      />
    );
  return (
    <>
      <ul className="album-files" aria-label={title}>
        {list.map((file) => (
          <VisitorFile key={file.id} albumId={album.id} file={file} activity={activity?.get(file.id)} />
        ))}
      </ul>
      {files.hasNextPage && (
        <MoreFiles
          isLoading={files.isFetchingNextPage}
          onMore={() => {
            if (!files.isFetchingNextPage) void files.fetchNextPage();
          }}
        />
      )}
    </>
  );
}

/** Show more, pressed by itself when it comes near the viewport. */
function MoreFiles({ isLoading, onMore }: { isLoading: boolean; onMore: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLButtonElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: `${String(LOAD_AHEAD_PX)}px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return (
    <div className="visitor-album__more">
      <button ref={ref} type="button" className="btn btn--secondary" disabled={isLoading} onClick={onMore}>
        {intl.formatMessage({ id: 'albums.visitor.showMore' })}
      </button>
    </div>
  );
}

/**
 * One file: its thumbnail, or the default image while there is none (spec 000 §8), a link
 * to the carousel; and its counts, a link to its comments.
 */
function VisitorFile({
  albumId,
  file,
  activity,
}: {
  albumId: string;
  file: RemoteFile;
  activity?: FileActivity;
}) {
  const api = useApi();
  const [hasFailed, setHasFailed] = useState(false);
  const src =
    file.thumb_url_small && !hasFailed ? `${api.directory.thumb}${file.thumb_url_small}` : undefined;
  return (
    <li className="album-files__item visitor-album__file">
      <Link
        className="visitor-album__link"
        to={visitorCarouselPath(albumId, file.id)}
        state={{ fromGrid: true }}
        data-testid="visitor-file-link"
      >
        {src ? (
          <img
            className="album-files__image"
            src={src}
            alt={file.name}
            loading="lazy"
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
      </Link>
      <ActivityBadgeLink albumId={albumId} fileId={file.id} name={file.name} activity={activity} />
    </li>
  );
}
