import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { useLoginState } from '../../api/login-store.ts';

/**
 * The buttons of a not-found page (spec 000 §2 "go back link and login button when logged
 * out"): back in this tab's history, or home on its first page; Sign in to `signInTo` when
 * signed out. The catch-all page and the share's not-found page both end with them.
 */
export function NotFoundActions({ signInTo }: { signInTo: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { status } = useLoginState();
  // react-router keeps the history index in history.state; 0 means this is the first page of the tab.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
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
        <Link to={signInTo} className="btn btn--primary">
          {intl.formatMessage({ id: 'common.signIn' })}
        </Link>
      )}
    </div>
  );
}
