import type { StripeSubscriptionInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAYMENT_PATH } from './paths.ts';

/**
 * What the storage page says first when the account needs the user (spec 001 §4 read-only
 * users, §6): a read-only account is told why and what lifts it; a plan whose renewal charge
 * failed (past_due, the grace period of BILLING_GRACE_DAYS) is told to update the card before
 * the plan ends. The spec names no text for either: without them a plan would lapse, and
 * uploads stop, with nothing on the page saying why.
 */
export function BillingNotices({
  isReadOnly,
  subscription,
}: {
  isReadOnly: boolean;
  subscription: StripeSubscriptionInfo | null;
}) {
  const intl = useIntl();
  return (
    <>
      {subscription?.status === 'past_due' && (
        <div className="notice notice--error" role="status">
          <p>{intl.formatMessage({ id: 'storage.pastDue' })}</p>
          <Link to={PAYMENT_PATH} className="btn btn--secondary">
            {intl.formatMessage({ id: 'storage.card.update' })}
          </Link>
        </div>
      )}
      {isReadOnly && (
        <div className="notice notice--error" role="status">
          <p>{intl.formatMessage({ id: 'storage.readOnly' })}</p>
        </div>
      )}
    </>
  );
}
