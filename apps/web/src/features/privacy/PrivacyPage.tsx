import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { LazyAccountDeletionSection } from '../account-deletion/lazy.ts';
import { DataAccessSection } from '../data-access/lazy.ts';
import { LegacySection } from '../legacy/lazy.ts';
import { ConsentsSection } from './ConsentsSection.tsx';
import './privacy.css';

/**
 * Routes /settings/privacy and /_from_inside_app/settings/privacy (spec 001 §2 Privacy and
 * consent page): the consents and stay-up-to-date channels, the data access request, digital
 * legacy and account deletion, each section a chunk of its own feature.
 */
export function PrivacyPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'privacy.pageTitle' });
  usePageTitle(title);
  return (
    <section className="page page--narrow privacy">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <p className="muted">
        {intl.formatMessage({ id: 'privacy.intro' })}{' '}
        <Link to="/emailSettings">{intl.formatMessage({ id: 'privacy.emailSettingsLink' })}</Link>
      </p>
      <ConsentsSection />
      <DataAccessSection />
      <LegacySection />
      <Suspense fallback={<PageSpinner />}>
        <LazyAccountDeletionSection />
      </Suspense>
    </section>
  );
}
