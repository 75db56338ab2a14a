import { useIntl } from 'react-intl';
import { QueryError } from '../../ui/QueryError.tsx';
import { PickerBar, TimelinePicker, useTimelinePickerData } from '../albums/index.ts';

/**
 * The timeline in select mode for one photo (spec 000 §2 /selectProfilePicture "choose profile
 * picture from timeline"): the Add photos picker's grid and bar, Next active for one photo.
 */
export function TimelineStep(props: {
  error: string | undefined;
  onPick: (fileId: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const timeline = useTimelinePickerData();
  const title = intl.formatMessage({ id: 'profilePicture.pickTitle' });
  if (timeline.failed) return <QueryError error={timeline.failed} onRetry={timeline.retry} />;
  const bar = (count: number, onNext: () => void, isWaiting = false) => (
    <PickerBar
      title={title}
      count={count}
      max={1}
      isBusy={isWaiting}
      onAdd={onNext}
      onCancel={props.onCancel}
      nextLabel={intl.formatMessage({ id: 'profilePicture.next' })}
      limitTexts={{
        title: intl.formatMessage({ id: 'profilePicture.limitTitle' }),
        body: intl.formatMessage({ id: 'profilePicture.limitBody' }),
      }}
    />
  );
  return (
    <section className="page album-edit album-edit--photos">
      <header className="album-edit__header">
        <h1 className="page__title">{title}</h1>
        {props.error && (
          <p className="form-error" role="alert">
            {props.error}
          </p>
        )}
      </header>
      <TimelinePicker
        data={timeline}
        bar={bar}
        onNext={(ids) => {
          const [id] = ids;
          if (id !== undefined && ids.length === 1) props.onPick(id);
        }}
        emptyHeading="h2"
      />
    </section>
  );
}
