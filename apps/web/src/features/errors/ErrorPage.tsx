import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBrand } from '../../i18n/brand-context.tsx';
import { AppLink } from '../../ui/AppLink.tsx';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

/**
 * Route /error/{code} (spec 001 §2): `user_disabled` shows that the account has been
 * terminated with a link to support; any other code the generic something-went-wrong text.
 */
export function ErrorPage() {
  const intl = useIntl();
  const brand = useBrand();
  const { code } = useParams();
  const isTerminated = code === 'user_disabled';
  const title = intl.formatMessage({ id: isTerminated ? 'error.terminated.title' : 'common.genericError' });
  usePageTitle(title);
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: isTerminated ? 'error.terminated.text' : 'error.generic.text' })}</p>
      {isTerminated ? (
        <AppLink href={brand.supportUrl} className="btn btn--primary">
          {intl.formatMessage({ id: 'error.terminated.support' })}
        </AppLink>
      ) : (
        <Link to="/" className="btn btn--primary">
          {intl.formatMessage({ id: 'error.generic.home' })}
        </Link>
      )}
    </section>
  );
}
