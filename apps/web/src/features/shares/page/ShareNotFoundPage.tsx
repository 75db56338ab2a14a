import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../ui/icons.tsx';
import { useLoginState } from '../../auth/login-store.ts';
import { loginPath } from '../../albums/visitor/roles.ts';
import { ShareIcon } from './share-icons.tsx';

/**
 * Share not found (spec 000 §2, §8): the link expired, the files are no longer shared, or
 * the link is misspelt, which the server does not tell apart. A way back, and a sign-in
 * button when signed out (the owner may want to look at their own share), which comes back
 * here.
 */
export function ShareNotFoundPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useLoginState();
  // react-router keeps the history index in history.state; 0 means this is the first page of the tab.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <ShareIcon name="linkOff" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'sharePage.notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'sharePage.notFound.text' })}</p>
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
          <Link to={loginPath(location.pathname)} className="btn btn--primary">
            {intl.formatMessage({ id: 'common.signIn' })}
          </Link>
        )}
      </div>
    </section>
  );
}
