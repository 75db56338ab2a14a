import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * spec 000 §4 Album create: "a modal asks whether to also upload to the timeline; yes copies
 * the uploaded files there". Asked each time, since there is no timeline-copy setting yet.
 */
export function AlsoTimelineDialog({
  count,
  onAnswer,
  onCancel,
}: {
  count: number;
  onAnswer: (alsoTimeline: boolean) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'albums.alsoTimeline.title' }, { count })}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="btn btn--text"
            onClick={() => {
              onAnswer(false);
            }}
          >
            {intl.formatMessage({ id: 'albums.alsoTimeline.no' })}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              onAnswer(true);
            }}
          >
            {intl.formatMessage({ id: 'albums.alsoTimeline.yes' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'albums.alsoTimeline.body' })}</p>
    </Dialog>
  );
}
