import { useIntl } from 'react-intl';
import { MessagePage } from './MessagePage.tsx';
import { NotFoundActions } from './NotFoundActions.tsx';

/** The catch-all page (spec 000 §2): why the link may be wrong, a way back, and a login button when logged out. */
export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notFound.title' });
  return (
    <MessagePage title={title} text={intl.formatMessage({ id: 'notFound.text' })}>
      <NotFoundActions signInTo="/login" />
    </MessagePage>
  );
}
