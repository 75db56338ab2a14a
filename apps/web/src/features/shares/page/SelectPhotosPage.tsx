import '../../../styles/album-edit.css';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isNetworkError } from '../../../api/http-error.ts';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { PickerBar, TimelinePicker, useTimelinePickerData } from '../../albums/index.ts';
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
  const timeline = useTimelinePickerData();
  const { jobId } = timeline;
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

  if (timeline.failed) return <QueryError error={timeline.failed} onRetry={timeline.retry} />;
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
      <TimelinePicker
        data={timeline}
        bar={bar}
        onNext={(ids) => {
          if (ids.length > 0 && ids.length <= max) share.mutate(ids);
        }}
        emptyHeading="h2"
      />
    </section>
  );
}
