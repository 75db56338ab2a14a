import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';

/** Where the learn-more link of the upgrade page goes: a neutral page listing current browsers. */
export const BROWSER_UPGRADE_URL = 'https://browsehappy.com/';

/**
 * The legacy-browser page (spec 001 §2): an upgrade message and a learn-more link. Shown at
 * startup when the browser lacks what the app needs (see app/browser-support.ts); there the
 * app does not boot, so no account (and no consent to analytics) is known and nothing is
 * sent: the in-app route is TrackedUpgradeBrowserPage.
 */
export function UpgradeBrowserPage() {
  const intl = useIntl();
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'upgrade.title' })}</h1>
      <p>{intl.formatMessage({ id: 'upgrade.text' })}</p>
      <a className="btn btn--primary" href={BROWSER_UPGRADE_URL} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage({ id: 'upgrade.learnMore' })}
      </a>
    </section>
  );
}
