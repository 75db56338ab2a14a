import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { MessagePage } from './MessagePage.tsx';
import { AccountTerminatedPage } from './AccountTerminatedPage.tsx';

/**
 * Route /error/{code} (spec 001 §2): `user_disabled` is the account-terminated page; any
 * other code shows the generic something-went-wrong text.
 */
export function ErrorPage() {
  const { code } = useParams();
  return code === 'user_disabled' ? <AccountTerminatedPage /> : <GenericErrorPage />;
}

function GenericErrorPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'common.genericError' });
  return (
    <MessagePage title={title} text={intl.formatMessage({ id: 'error.generic.text' })}>
      <Link to="/" className="btn btn--primary">
        {intl.formatMessage({ id: 'error.generic.home' })}
      </Link>
    </MessagePage>
  );
}
