import type { JobInfo } from '@trove/contract';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { PlaceFileActions } from '../../file-actions/index.ts';
import { Viewer } from '../../viewer/index.ts';
import { useListCarousel } from '../view/use-album-carousel.ts';
import { useVisitorFiles } from './api-visitor.ts';
import { visitorCarouselPath } from '../../../album-access/roles.ts';

/** Props of {@link VisitorCarousel}. */
export interface VisitorCarouselProps {
  album: JobInfo;
  fileId: string;
}

/**
 * A shared album's files in the full-screen viewer for its visitors (issue #23): the same
 * viewer members get — keys, swipes, the slideshow (#autoPlay, spec 000 §2, §9) — over the
 * album's files in its sort, every page of them fetched as the carousel needs them. The
 * toolbar offers what the registry allows a visitor (download: spec 000 §6 Visitor; See:
 * [Note: File action registry]). Closing returns to the album.
 */
export function VisitorCarousel({ album, fileId }: VisitorCarouselProps) {
  const location = useLocation();
  const files = useVisitorFiles(album);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = files;
  // Stepping and the slideshow's wrap need the whole list; albums are read a page at a time.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const list = useMemo(() => files.data?.pages.flatMap((page) => page.files), [files.data]);
  const isComplete = list !== undefined && !hasNextPage;
  const carousel = useListCarousel({
    fileId,
    jobId: album.id,
    // A file not in the pages so far may be in the next: not "not found" until all are in.
    files: isComplete || list?.some((file) => file.id === fileId) ? list : undefined,
    error: files.error,
    retry: () => void files.refetch(),
    pathOf: (id) => visitorCarouselPath(album.id, id),
  });
  const actions = useMemo<PlaceFileActions>(
    () => ({ place: 'visitorAlbum', can: album.currentUserCan }),
    [album.currentUserCan],
  );
  return (
    <Viewer
      carousel={carousel}
      cameFromTimeline={(location.state as { fromGrid?: unknown } | null)?.fromGrid === true}
      exitTo={`/a/${encodeURIComponent(album.id)}`}
      actions={actions}
      isOwner={false}
      albumId={album.id}
    />
  );
}
