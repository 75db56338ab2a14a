import type { TimelineFilter } from '@trove/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AddPhotosButton } from './AddPhotosButton.tsx';
import { useRecentFiles, useTimelineJob, useTimelineMonths } from '../library/api.ts';
import { monthsSource } from '../library/index.ts';
import {
  TIMELINE_VIEWS,
  defaultRecents,
  isRecents,
  recentCounts,
  recentSections,
  sectionsOf,
  type TimelineView,
} from './sections.ts';
import { TimelineFilters } from './TimelineFilters.tsx';
import { TimelineGrid } from './TimelineGrid.tsx';
import { useLiveTimeline } from './use-live-timeline.ts';

const viewOf = (value: string | null): TimelineView | 'recents' =>
  value === 'recents' ? 'recents' : (TIMELINE_VIEWS.find((view) => view === value) ?? 'all');

/**
 * Route /photos: the timeline (spec 000 §2) with its filters (`?filter=`), or its empty
 * state with Add photos.
 */
export function TimelinePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'nav.photos' }));
  const [params, setParams] = useSearchParams();
  const asked = viewOf(params.get('filter'));
  const job = useTimelineJob();
  const months = useTimelineMonths(job.data?.id);
  const wantsRecents = asked === 'recents' || isRecents(asked);
  const recents = useRecentFiles(job.data?.id, wantsRecents);
  useLiveTimeline(job.data?.id, job.data?.last_update);
  // The windows count back from when the list was fetched (it is refetched every 30 s).
  const nowS = Math.floor(recents.dataUpdatedAt / 1000);
  const counts = useMemo(
    () => (recents.data ? recentCounts(recents.data, nowS) : undefined),
    [recents.data, nowS],
  );
  // spec 000 §9: the recents filter opens on 7 days, else 1, else 30.
  const view: TimelineView = asked === 'recents' ? (counts ? defaultRecents(counts) : 'recents_7') : asked;
  const filter: TimelineFilter = isRecents(view) ? 'all' : view;
  const sections = useMemo(() => {
    if (isRecents(view)) return recents.data ? recentSections(recents.data, view, nowS) : undefined;
    return months.data ? sectionsOf(months.data, filter) : undefined;
  }, [view, filter, recents.data, months.data, nowS]);

  const jobId = job.data?.id;
  // One object per job: the grid's sections and selection hold on to it.
  const source = useMemo(() => (jobId === undefined ? undefined : monthsSource(jobId)), [jobId]);

  const failed = job.error ?? months.error ?? (wantsRecents ? recents.error : null);
  if (failed) {
    return (
      <QueryError
        error={failed}
        onRetry={() => {
          void job.refetch();
          void months.refetch();
          if (wantsRecents) void recents.refetch();
        }}
      />
    );
  }
  if (!job.data || !months.data || !source) return <PageSpinner />;
  if (sectionsOf(months.data, 'all').length === 0) {
    return (
      <EmptyState
        icon="photos"
        title={intl.formatMessage({ id: 'timeline.emptyTitle' })}
        text={intl.formatMessage({ id: 'timeline.emptyText' })}
        action={<AddPhotosButton />}
      />
    );
  }
  return (
    <section className="timeline">
      <header className="timeline__header">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'nav.photos' })}</h1>
        <TimelineFilters
          view={view}
          recentCounts={counts}
          onChange={(next) => {
            setParams(next === 'all' ? {} : { filter: next }, { replace: true });
          }}
        />
        <AddPhotosButton />
      </header>
      {!sections ? (
        <PageSpinner />
      ) : sections.length === 0 ? (
        <p className="timeline__empty">{intl.formatMessage({ id: 'timeline.filterEmpty' })}</p>
      ) : (
        <TimelineGrid key={view} source={source} sections={sections} filter={filter} />
      )}
    </section>
  );
}
