import { useEffect, useRef } from 'react';
import { useTrackEvent } from '../analytics/api.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { UpgradeBrowserPage } from './UpgradeBrowserPage.tsx';

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
