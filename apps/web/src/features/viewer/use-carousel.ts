import type { RemoteFile, TimelineFilter } from '@trove/contract';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTimelineJob, useTimelineMonths } from '../library/api.ts';
import { useMonthFiles } from '../library/index.ts';
import { countFor } from '../timeline/index.ts';
import { useLocateFile } from './api.ts';
import {
  edgeOfMonth,
  positionOf,
  targetAfterDelete,
  targetOf,
  type CarouselView,
  type Edge,
  type Step,
  type Target,
} from './model.ts';

/** Key of a month query that is never enabled: hooks cannot be skipped, only idled. */
const NO_MONTH = { start: -1, end: -1 };

/** What the viewer shows and where it can go (spec 000 §4 Carousel). */
export interface Carousel {
  /** The timeline job, once known. */
  jobId: string | undefined;
  /** `notFound`: no month of the timeline holds the file (deleted, or a wrong link). */
  status: 'loading' | 'ready' | 'notFound' | 'failed';
  error: unknown;
  retry: () => void;
  file: RemoteFile | undefined;
  /** The neighbours when known: the previous and next buttons, and preloading. */
  previous: RemoteFile | undefined;
  next: RemoteFile | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Moves by `step`; `wrap` for the slideshow, which starts over after the last file. */
  go: (step: Step, wrap?: boolean) => void;
  /** Where to go once the current file is deleted; `none` when it was the last one. */
  afterDelete: () => Target;
  /** Goes to a target computed before (the one of {@link afterDelete}). */
  goTo: (target: Target) => void;
}

/**
 * The timeline in carousel order (spec 000 §4): months from timeline/months, each month's
 * files from the timeline's month query. It loads the file's month, the adjacent month when
 * the file is at a month's edge (so the neighbour across the boundary is ready), and any
 * month a jump (Home, End, a wrapping slideshow) leads to. Moves replace the history entry,
 * so Back and Escape return to the timeline rather than through every photo seen.
 */
export function useCarousel(fileId: string, filter: TimelineFilter): Carousel {
  const navigate = useNavigate();
  const location = useLocation();
  const job = useTimelineJob();
  const jobId = job.data?.id;
  const monthsQuery = useTimelineMonths(jobId);
  const months = useMemo(
    () => monthsQuery.data?.filter((month) => countFor(month, filter) > 0),
    [monthsQuery.data, filter],
  );
  const located = useLocateFile(jobId, months, fileId, filter);
  const monthIndex = months?.findIndex((month) => month.start === located.data) ?? -1;
  const month = months?.[monthIndex];
  const current = useMonthFiles(jobId ?? '', month ?? NO_MONTH, filter, month !== undefined);
  const fileIndex = current.data?.findIndex((file) => file.id === fileId) ?? -1;
  const newerMonth = monthIndex > 0 ? months?.[monthIndex - 1] : undefined;
  const olderMonth = months?.[monthIndex + 1];
  const atEnd = current.data !== undefined && fileIndex === current.data.length - 1;
  const newer = useMonthFiles(
    jobId ?? '',
    newerMonth ?? NO_MONTH,
    filter,
    newerMonth !== undefined && fileIndex === 0,
  );
  const older = useMonthFiles(jobId ?? '', olderMonth ?? NO_MONTH, filter, olderMonth !== undefined && atEnd);
  // A jump (Home, End, the slideshow wrapping, a move past a month not loaded) waits for
  // its month; it belongs to the file it started from, so arriving anywhere ends it.
  const [jump, setJump] = useState<{ from: string; start: number; edge: Edge } | null>(null);
  const activeJump = jump?.from === fileId ? jump : null;
  const jumpMonth = months?.find((candidate) => candidate.start === activeJump?.start);
  const jumped = useMonthFiles(jobId ?? '', jumpMonth ?? NO_MONTH, filter, jumpMonth !== undefined);

  const view = useMemo<CarouselView & { lists: Map<number, RemoteFile[]> }>(() => {
    const lists = new Map<number, RemoteFile[]>();
    const loaded = [
      [month, current.data],
      [newerMonth, newer.data],
      [olderMonth, older.data],
      [jumpMonth, jumped.data],
    ] as const;
    for (const [m, files] of loaded) if (m && files) lists.set(m.start, files);
    return { months: months ?? [], filesOf: (start) => lists.get(start), lists };
  }, [months, month, current.data, newerMonth, newer.data, olderMonth, older.data, jumpMonth, jumped.data]);

  const show = (id: string) => {
    void navigate(
      { pathname: `/photos/${encodeURIComponent(id)}`, search: location.search, hash: location.hash },
      { replace: true },
    );
  };
  const showJumped = useEffectEvent(show);
  const goTo = (target: Target) => {
    if (target.kind === 'file') show(target.fileId);
    if (target.kind === 'month') setJump({ from: fileId, start: target.start, edge: target.edge });
  };

  const jumpTarget: Target =
    activeJump && jumpMonth && months
      ? edgeOfMonth(view, months.indexOf(jumpMonth), activeJump.edge)
      : { kind: 'none' };
  // The jump's month turned out empty: on to the next one (state adjusted while rendering).
  if (activeJump && jumpTarget.kind === 'month' && jumpTarget.start !== activeJump.start) {
    setJump({ from: fileId, start: jumpTarget.start, edge: jumpTarget.edge });
  }
  const jumpFileId = jumpTarget.kind === 'file' ? jumpTarget.fileId : undefined;
  useEffect(() => {
    if (jumpFileId !== undefined) showJumped(jumpFileId);
  }, [jumpFileId]);

  const position = month ? positionOf(view, month.start, fileId) : undefined;
  const stepTarget = (step: Step) => (position ? targetOf(view, position, step) : { kind: 'none' as const });
  const fileOf = (target: Target) =>
    target.kind === 'file'
      ? [...view.lists.values()].flat().find((file) => file.id === target.fileId)
      : undefined;
  const previousTarget = stepTarget('previous');
  const nextTarget = stepTarget('next');
  const error = job.error ?? monthsQuery.error ?? located.error ?? current.error;

  return {
    status: statusOf(),
    error,
    jobId,
    retry: () => {
      void job.refetch();
      void monthsQuery.refetch();
      void located.refetch();
      if (month) void current.refetch();
    },
    file: current.data?.[fileIndex],
    previous: fileOf(previousTarget),
    next: fileOf(nextTarget),
    hasPrevious: previousTarget.kind !== 'none',
    hasNext: nextTarget.kind !== 'none',
    go: (step, wrap = false) => {
      if (position) goTo(targetOf(view, position, step, wrap));
    },
    afterDelete: () => (position ? targetAfterDelete(view, position) : { kind: 'none' }),
    goTo,
  };

  function statusOf(): Carousel['status'] {
    if (fileIndex !== -1) return 'ready';
    if (error) return 'failed';
    // A deleted file's successor may still be loading: not a missing file.
    if (activeJump) return 'loading';
    if (located.data === null) return 'notFound';
    if (months && located.data !== undefined && (monthIndex === -1 || current.data)) return 'notFound';
    return 'loading';
  }
}
