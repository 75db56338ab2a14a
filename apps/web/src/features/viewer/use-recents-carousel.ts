import type { RemoteFile } from '@trove/contract';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRecentFiles, useTimelineJob } from '../library/api.ts';
import { defaultRecents, recentCounts, recentSections, type RecentsView } from '../timeline/index.ts';
import {
  positionOf,
  targetAfterDelete,
  targetOf,
  type CarouselView,
  type Step,
  type Target,
} from './model.ts';
import type { Carousel } from './use-carousel.ts';

/**
 * The carousel over a recents window (spec 000 §2 filters recents_1, recents_7, recents_30):
 * the files uploaded within it, in the grid's order (newest taken first), from the same
 * recents list the grid shows; `recents` alone picks the window as the timeline does (spec
 * 000 §9: 7 days, else 1, else 30). The whole list is loaded at once, so every step is a file.
 */
export function useRecentsCarousel(fileId: string, asked: RecentsView | 'recents'): Carousel {
  const navigate = useNavigate();
  const location = useLocation();
  const job = useTimelineJob();
  const jobId = job.data?.id;
  const recents = useRecentFiles(jobId, true);
  // The windows count back from when the list was fetched, as in the grid.
  const nowS = Math.floor(recents.dataUpdatedAt / 1000);
  const { view, files } = useMemo(() => {
    const data = recents.data ?? [];
    const window = asked === 'recents' ? defaultRecents(recentCounts(data, nowS)) : asked;
    const sections = recentSections(data, window, nowS);
    const lists = new Map(sections.map((section) => [section.start, section.files ?? []]));
    const carouselView: CarouselView = { months: sections, filesOf: (start) => lists.get(start) };
    return { view: carouselView, files: sections.flatMap((section) => section.files ?? []) };
  }, [recents.data, asked, nowS]);

  const file = files.find((candidate) => candidate.id === fileId);
  const month = file && view.months.find((candidate) => view.filesOf(candidate.start)?.includes(file));
  const position = month ? positionOf(view, month.start, fileId) : undefined;
  const goTo = (target: Target) => {
    if (target.kind !== 'file') return;
    void navigate(
      {
        pathname: `/photos/${encodeURIComponent(target.fileId)}`,
        search: location.search,
        hash: location.hash,
      },
      { replace: true },
    );
  };
  const stepTarget = (step: Step, wrap = false): Target =>
    position ? targetOf(view, position, step, wrap) : { kind: 'none' };
  const fileOf = (target: Target): RemoteFile | undefined =>
    target.kind === 'file' ? files.find((candidate) => candidate.id === target.fileId) : undefined;
  const previousTarget = stepTarget('previous');
  const nextTarget = stepTarget('next');
  const error = job.error ?? recents.error;

  return {
    jobId,
    status: file ? 'ready' : error ? 'failed' : recents.data ? 'notFound' : 'loading',
    error,
    retry: () => {
      void job.refetch();
      void recents.refetch();
    },
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
