import type { JobInfo, RemoteFile } from '@trove/contract';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type Carousel,
  positionOf,
  targetAfterDelete,
  targetOf,
  type CarouselView,
  type Step,
  type Target,
} from '../../viewer/index.ts';
import { carouselPath, useAlbumList } from './album-api.ts';
import { ADDED_SECTION, fileSortOf } from './model.ts';

/**
 * The album carousel (spec 000 §2 /carousel/{albumId}/{fileId}, §4 Carousel): the album's
 * files one at a time in the album's file sort, from the one list of them all (the grid's
 * own section when sorted by date added). Moves replace the history entry, keeping the hash
 * (#autoPlay) and the entry's state, so Back returns to the album.
 */
export function useAlbumCarousel(fileId: string, album: JobInfo | undefined, albumError: unknown): Carousel {
  const albumId = album?.id ?? '';
  const list = useAlbumList(albumId, album ? fileSortOf(album) : undefined);
  return useListCarousel({
    fileId,
    jobId: album?.id,
    files: list.data,
    error: albumError ?? list.error,
    retry: () => void list.refetch(),
    pathOf: (id) => carouselPath(albumId, id),
  });
}

/** What {@link useListCarousel} steps through. */
export interface ListCarouselSource {
  fileId: string;
  jobId: string | undefined;
  /** Every file, in order; undefined while loading. */
  files: readonly RemoteFile[] | undefined;
  error: unknown;
  retry: () => void;
  /** The path of a file's page in this carousel. */
  pathOf: (fileId: string) => string;
}

/**
 * A carousel over one list of files (an album's, or a shared album's for its visitors):
 * moves replace the history entry, keeping the hash (#autoPlay) and the entry's state.
 */
export function useListCarousel({
  fileId,
  jobId,
  files,
  error,
  retry,
  pathOf,
}: ListCarouselSource): Carousel {
  const navigate = useNavigate();
  const location = useLocation();
  const view = useMemo<CarouselView>(() => {
    const all = files ?? [];
    return { months: [ADDED_SECTION], filesOf: () => all };
  }, [files]);
  const position = positionOf(view, ADDED_SECTION.start, fileId);
  const goTo = (target: Target) => {
    if (target.kind !== 'file') return;
    void navigate(
      { pathname: pathOf(target.fileId), hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  };
  const stepTarget = (step: Step, wrap = false): Target =>
    position ? targetOf(view, position, step, wrap) : { kind: 'none' };
  const fileOf = (target: Target): RemoteFile | undefined =>
    target.kind === 'file' ? files?.find((candidate) => candidate.id === target.fileId) : undefined;
  const previousTarget = stepTarget('previous');
  const nextTarget = stepTarget('next');
  const file = position ? files?.[position.fileIndex] : undefined;

  return {
    jobId,
    status: file ? 'ready' : error ? 'failed' : files ? 'notFound' : 'loading',
    error,
    retry,
    file,
    previous: fileOf(previousTarget),
    next: fileOf(nextTarget),
    hasPrevious: previousTarget.kind !== 'none',
    hasNext: nextTarget.kind !== 'none',
    go: (step, wrap = false) => {
      goTo(stepTarget(step, wrap));
    },
    afterDelete: () => (position ? targetAfterDelete(view, position) : { kind: 'none' }),
    goTo,
  };
}
