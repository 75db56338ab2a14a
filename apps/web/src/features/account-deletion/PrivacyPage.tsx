import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { LegacySection } from '../legacy/lazy.ts';
import { LazyAccountDeletionSection } from './lazy.ts';

/**
 * Route /settings/privacy (spec 001 §2 Privacy and consent page) as far as these branches
 * build it: digital legacy and account deletion. The full page (consents, data access) comes
 * with its own branch, which mounts `LegacySection` and `LazyAccountDeletionSection` and
 * replaces this one. The fresh login is the API client's ([Note: Fresh login on the web]).
 */
export function PrivacyPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'accountDeletion.pageTitle' });
  usePageTitle(title);
  return (
    <section className="page page--narrow">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <LegacySection />
      <Suspense fallback={<PageSpinner />}>
        <LazyAccountDeletionSection />
      </Suspense>
    </section>
  );
}
