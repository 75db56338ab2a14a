import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBrand } from '../../i18n/brand-context.tsx';
import { AppLink } from '../../ui/AppLink.tsx';
import { MessagePage } from './MessagePage.tsx';

/**
 * The account-terminated page (spec 001 §2 "shown for error code user_disabled, with a
 * link"; §6 terminated account; §8 'The account has been terminated'): where any call that
 * answers `user_disabled` leads, the session already gone. It links to support in the
 * brand's words, and lets the person sign in with another account.
 */
export function AccountTerminatedPage() {
  const intl = useIntl();
  const brand = useBrand();
  const title = intl.formatMessage({ id: 'error.terminated.title' });
  return (
    <MessagePage title={title} text={intl.formatMessage({ id: 'error.terminated.text' })}>
      <AppLink href={brand.supportUrl} className="btn btn--primary">
        {intl.formatMessage({ id: 'error.terminated.support' })}
      </AppLink>
      <Link to="/login" className="btn btn--text">
        {intl.formatMessage({ id: 'error.terminated.otherAccount' })}
      </Link>
    </MessagePage>
  );
}
