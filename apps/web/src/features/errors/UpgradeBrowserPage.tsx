import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { useTrackEvent } from '../analytics/api.ts';
import { useAccountInfoQuery } from '../auth/api.ts';

/** Where the learn-more link of the upgrade page goes: a neutral page listing current browsers. */
export const BROWSER_UPGRADE_URL = 'https://browsehappy.com/';

/** The usage event the page logs (spec 001 §2 "Upgrade-your-browser page … a logged event"). */
export const UPGRADE_BROWSER_EVENT = 'upgrade_browser_shown';

/**
 * The upgrade page on its route inside the booted app: it logs its event through the
 * analytics path (sent only while the account permits analytics).
 */
export function TrackedUpgradeBrowserPage() {
  const track = useTrackEvent();
  const account = useAccountInfoQuery().data;
  const isLogged = useRef(false);
  useEffect(() => {
    // The consent is read from the account: wait for it, then log once.
    if (!account || isLogged.current) return;
    isLogged.current = true;
    track(UPGRADE_BROWSER_EVENT);
  }, [account, track]);
  return <UpgradeBrowserPage />;
}

/**
 * The legacy-browser page (spec 001 §2): an upgrade message and a learn-more link. Shown at
 * startup when the browser lacks what the app needs (see app/browser-support.ts); there the
 * app does not boot, so no account (and no consent to analytics) is known and nothing is
 * sent: the in-app route is {@link TrackedUpgradeBrowserPage}.
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
