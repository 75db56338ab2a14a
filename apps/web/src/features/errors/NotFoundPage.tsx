import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useLoginState } from '../auth/login-store.ts';

/** The catch-all page (spec 000 §2): why the link may be wrong, a way back, and a login button when logged out. */
export function NotFoundPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { status } = useLoginState();
  const title = intl.formatMessage({ id: 'notFound.title' });
  usePageTitle(title);
  // react-router keeps the history index in history.state; 0 means this is the first page of the tab.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: 'notFound.text' })}</p>
      <div className="button-row">
        <Link
          to="/"
          className="btn btn--secondary"
          onClick={(event) => {
            if (!canGoBack) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          <Icon name="arrowBack" size={20} />
          {intl.formatMessage({ id: 'notFound.goBack' })}
        </Link>
        {status !== 'AUTHENTICATED' && (
          <Link to="/login" className="btn btn--primary">
            {intl.formatMessage({ id: 'common.signIn' })}
          </Link>
        )}
      </div>
    </section>
  );
}
