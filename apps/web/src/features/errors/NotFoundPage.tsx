import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { NotFoundActions } from './NotFoundActions.tsx';

/** The catch-all page (spec 000 §2): why the link may be wrong, a way back, and a login button when logged out. */
export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notFound.title' });
  usePageTitle(title);
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: 'notFound.text' })}</p>
      <NotFoundActions signInTo="/login" />
    </section>
  );
}
