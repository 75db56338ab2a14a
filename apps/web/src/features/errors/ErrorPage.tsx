import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
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
  usePageTitle(title);
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: 'error.generic.text' })}</p>
      <Link to="/" className="btn btn--primary">
        {intl.formatMessage({ id: 'error.generic.home' })}
      </Link>
    </section>
  );
}
