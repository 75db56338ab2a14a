import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import { useIsOnline } from '../api/online-store.ts';
import { Icon } from '../ui/icons.tsx';

/** How often the banner checks whether the server is back. */
const RECHECK_MS = 10_000;
const anyBody = { parse: (data: unknown) => data };

/**
 * 'No Internet connection' (spec 000 §8) while the last request failed for lack of a network.
 * Probes GET /healthz meanwhile, since the online state only changes when a request is made.
 */
export function OfflineBanner() {
  const intl = useIntl();
  const api = useApi();
  const isOnline = useIsOnline();

  useEffect(() => {
    if (isOnline) return;
    const probe = () => {
      api.origin('/healthz', anyBody).catch(() => undefined);
    };
    const timer = window.setInterval(probe, RECHECK_MS);
    window.addEventListener('online', probe);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [isOnline, api]);

  return (
    <div className="offline-banner-slot" role="status">
      {!isOnline && (
        <div className="offline-banner">
          <Icon name="cloudOff" size={20} />
          {intl.formatMessage({ id: 'common.offline' })}
        </div>
      )}
    </div>
  );
}
