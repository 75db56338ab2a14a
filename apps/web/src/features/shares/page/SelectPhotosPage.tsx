import '../../../styles/album-edit.css';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isNetworkError } from '../../../api/http-error.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { PickerBar } from '../../albums/edit/PickerBar.tsx';
import { SelectionPendingDialog } from '../../albums/edit/SelectionPendingDialog.tsx';
import { monthsSource } from '../../library/grid-source.ts';
import { useTimelineJob, useTimelineMonths } from '../../library/api.ts';
import { isPending, selectedCount, selectedIds } from '../../selection/selectors.ts';
import { sectionsOf } from '../../timeline/sections.ts';
import { TimelineGrid } from '../../timeline/TimelineGrid.tsx';
import { createShare } from '../api.ts';
import { postToOpener, SELECT_PHOTOS_MESSAGE, selectionMax } from './select-photos.ts';

/**
 * Route /selectPhotos?max=N (spec 000 §2 start of external photo selection; See: [Note:
 * Select photos]): the timeline in select mode, as the Add photos picker, with the picker's
 * rule of spec 000 §5: Next is active only when 0 < count ≤ max, the counter turns to the
 * error colour above the maximum and crossing it raises the limit prompt. Next shares the
 * chosen files and goes to /selectPhotos/{shareId}; Cancel tells the opener and closes.
 */
export function SelectPhotosPage() {
  const intl = useIntl();
  const api = useApi();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const max = selectionMax(params.get('max'));
  const title = intl.formatMessage({ id: 'sharePage.select.title' });
  usePageTitle(title);
  const job = useTimelineJob();
  const months = useTimelineMonths(job.data?.id);
  const jobId = job.data?.id;
  const source = useMemo(() => (jobId === undefined ? undefined : monthsSource(jobId)), [jobId]);
  const sections = useMemo(() => (months.data ? sectionsOf(months.data, 'all') : undefined), [months.data]);
  const share = useMutation({
    mutationFn: (ids: readonly string[]) =>
      createShare(api, { source_job: jobId ?? '', file_uuids: [...ids] }),
    onSuccess: ({ id }) => void navigate(`/selectPhotos/${encodeURIComponent(id)}`),
    onError: (error) => {
      const id = isNetworkError(error) ? 'common.offline' : 'sharePage.select.failed';
      toasts.show({ kind: 'error', text: intl.formatMessage({ id }) });
    },
  });
  const cancel = () => {
    const message = { type: SELECT_PHOTOS_MESSAGE, shareId: null, url: null } as const;
    if (postToOpener(message, window.location.origin)) window.close();
    else void navigate('/photos');
  };

  const failed = job.error ?? months.error;
  if (failed)
    return (
      <QueryError
        error={failed}
        onRetry={() => {
          void job.refetch();
          void months.refetch();
        }}
      />
    );
  const bar = (count: number, onNext: () => void, isWaiting = false) => (
    <PickerBar
      title={title}
      count={count}
      max={max}
      isBusy={share.isPending || isWaiting}
      onAdd={onNext}
      onCancel={cancel}
      nextLabel={intl.formatMessage({ id: 'sharePage.select.next' })}
      limitTexts={{
        title: intl.formatMessage({ id: 'sharePage.select.limitTitle' }),
        body: intl.formatMessage({ id: 'sharePage.select.limitBody' }, { count: max }),
      }}
    />
  );
  return (
    <section className="page album-edit album-edit--photos select-photos">
      <header className="album-edit__header">
        <h1 className="page__title">{title}</h1>
      </header>
      {!source || !sections ? (
        <>
          {bar(0, () => undefined)}
          <PageSpinner />
        </>
      ) : sections.length === 0 ? (
        <>
          {bar(0, () => undefined)}
          <EmptyState
            heading="h2"
            icon="photos"
            title={intl.formatMessage({ id: 'timeline.emptyTitle' })}
            text={intl.formatMessage({ id: 'timeline.emptyText' })}
          />
        </>
      ) : (
        <TimelineGrid
          source={source}
          sections={sections}
          filter="all"
          renderPickerBar={(selection) => (
            <>
              {bar(
                selectedCount(selection.state),
                () => {
                  const ids = selectedIds(selection.state);
                  if (ids.length > 0 && ids.length <= max) share.mutate(ids);
                },
                isPending(selection.state),
              )}
              {isPending(selection.state) && (
                <SelectionPendingDialog onCancel={selection.actions.cancelPending} />
              )}
            </>
          )}
        />
      )}
    </section>
  );
}
