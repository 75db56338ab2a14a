import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { DataAccessSection } from './DataAccessSection.tsx';

/**
 * Route /settings/data-access: the data access section's home until the privacy page of
 * spec 001 §2 (/settings/privacy) exists; that page mounts <DataAccessSection /> and this
 * route goes.
 */
export function DataAccessPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'dataAccess.pageTitle' });
  usePageTitle(title);
  return (
    <section className="page page--narrow">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <DataAccessSection />
    </section>
  );
}
