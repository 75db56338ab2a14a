import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AddPhotosButton } from './AddPhotosButton.tsx';
import { useTimelineJob, useTimelineMonths } from './api.ts';
import { TimelineGrid } from './TimelineGrid.tsx';
import { useLiveTimeline } from './use-live-timeline.ts';

/** Route /photos: the timeline (spec 000 §2), or its empty state with Add photos. */
export function TimelinePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'nav.photos' }));
  const job = useTimelineJob();
  const months = useTimelineMonths(job.data?.id);
  useLiveTimeline(job.data?.id, job.data?.last_update);
  if (job.isError || months.isError) {
    return (
      <QueryError
        error={job.error ?? months.error}
        onRetry={() => {
          void job.refetch();
          void months.refetch();
        }}
      />
    );
  }
  if (!job.data || !months.data) return <PageSpinner />;
  const media = months.data.filter((m) => m.pictures + m.videos + m.screenshots > 0);
  if (media.length === 0) {
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
        <AddPhotosButton />
      </header>
      <TimelineGrid jobId={job.data.id} months={media} />
    </section>
  );
}
