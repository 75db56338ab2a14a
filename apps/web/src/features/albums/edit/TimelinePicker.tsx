import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { monthsSource } from '../../library/index.ts';
import { useTimelineJob, useTimelineMonths } from '../../library/api.ts';
import { isPending, selectedCount, selectedIds } from '../../selection/index.ts';
import { sectionsOf, TimelineGrid } from '../../timeline/index.ts';
import { SelectionPendingDialog } from './SelectionPendingDialog.tsx';

/**
 * The caller's timeline as a picker's data: its job, its months as the grid's sections, and
 * what failed loading them (with a retry). Add photos and /selectPhotos pick from it.
 */
export function useTimelinePickerData() {
  const job = useTimelineJob();
  const months = useTimelineMonths(job.data?.id);
  const jobId = job.data?.id;
  const source = useMemo(() => (jobId === undefined ? undefined : monthsSource(jobId)), [jobId]);
  const sections = useMemo(() => (months.data ? sectionsOf(months.data, 'all') : undefined), [months.data]);
  const retry = () => {
    void job.refetch();
    void months.refetch();
  };
  return { jobId, source, sections, failed: job.error ?? months.error, retry };
}

/**
 * The timeline in select mode under a picker bar (spec 000 §5 photo selection for a picker):
 * the bar and a spinner while loading, the bar and the empty state for an empty timeline,
 * else the grid with the bar over it, whose Next hands the chosen ids to `onNext`; a
 * selection still being resolved asks to wait.
 */
export function TimelinePicker(props: {
  data: ReturnType<typeof useTimelinePickerData>;
  bar: (count: number, onNext: () => void, isWaiting?: boolean) => ReactNode;
  onNext: (ids: readonly string[]) => void;
  emptyHeading?: 'h1' | 'h2';
}) {
  const intl = useIntl();
  const { source, sections } = props.data;
  if (!source || !sections)
    return (
      <>
        {props.bar(0, () => undefined)}
        <PageSpinner />
      </>
    );
  if (sections.length === 0)
    return (
      <>
        {props.bar(0, () => undefined)}
        <EmptyState
          {...(props.emptyHeading && { heading: props.emptyHeading })}
          icon="photos"
          title={intl.formatMessage({ id: 'timeline.emptyTitle' })}
          text={intl.formatMessage({ id: 'timeline.emptyText' })}
        />
      </>
    );
  return (
    <TimelineGrid
      source={source}
      sections={sections}
      filter="all"
      renderPickerBar={(selection) => (
        <>
          {props.bar(
            selectedCount(selection.state),
            () => {
              props.onNext(selectedIds(selection.state));
            },
            isPending(selection.state),
          )}
          {isPending(selection.state) && (
            <SelectionPendingDialog onCancel={selection.actions.cancelPending} />
          )}
        </>
      )}
    />
  );
}
