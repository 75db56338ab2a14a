import { useIntl } from 'react-intl';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AddPhotosButton } from './AddPhotosButton.tsx';

/** Route /photos: the timeline (spec 000 §2). The grid arrives with uploads; for now its empty state. */
export function TimelinePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'nav.photos' }));
  return (
    <EmptyState
      icon="photos"
      title={intl.formatMessage({ id: 'timeline.emptyTitle' })}
      text={intl.formatMessage({ id: 'timeline.emptyText' })}
      action={<AddPhotosButton />}
    />
  );
}
