import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAccountInfoQuery } from '../features/auth/api.ts';
import { useBillingTestMode } from '../features/storage/index.ts';
import { isStagingHost, useActiveTestFlags } from '../lib/test-flags.ts';

/** The marker's text: the testers' abbreviation in every language; its label says it in words. */
const QA_MARKER_TEXT = 'QA';

/**
 * spec 001 §9: "A QA marker shows on staging or active test flags", so a tester (and a
 * screenshot) can tell; also when the card provider is in test mode (GET /stripe/config). It leads to the test flags (See: [Note: Test flags]).
 */
export function QaMarker() {
  const intl = useIntl();
  const active = useActiveTestFlags();
  const isSignedIn = useAccountInfoQuery().data !== undefined;
  const isBillingTestMode = useBillingTestMode(isSignedIn);
  if (active.length === 0 && !isBillingTestMode && !isStagingHost(window.location.hostname)) return null;
  return (
    <Link
      to="/settings/testFlags"
      className="qa-marker"
      aria-label={intl.formatMessage({ id: 'qa.markerLabel' })}
      title={intl.formatMessage({ id: 'qa.markerLabel' })}
    >
      {QA_MARKER_TEXT}
    </Link>
  );
}
