import { useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useInViewport } from '../../../ui/use-in-viewport.ts';
import { SUBSCRIBE_PATH } from '../../storage/index.ts';

/** Where the subscription offer leads: the storage page with the subscribe wizard open (spec 001 §4). */
export const SUBSCRIPTION_PATH = SUBSCRIBE_PATH;

/**
 * A button a read-only user would have with a subscription (spec 000 §6; the flags of
 * currentUserCan.needsSubscription): shown disabled, with a tooltip offering a
 * subscription. It stays focusable (aria-disabled) so keyboard users reach the tooltip,
 * which shows on hover and focus, holds a link to the storage plans and stays inside the
 * viewport (See: [Note: Floating in the viewport]).
 */
export function SubscriptionGate({
  label,
  icon,
  className = 'btn btn--secondary',
}: {
  label: string;
  icon?: ReactNode;
  className?: string;
}) {
  const intl = useIntl();
  const tipId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  // Placed while mounted: the stylesheet shows it on hover and focus (after 500 ms).
  useInViewport(tipRef, true, () => buttonRef.current, 'bottom-end');
  return (
    <span className="subscription-gate">
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-disabled="true"
        aria-describedby={tipId}
      >
        {icon}
        {label}
      </button>
      <span ref={tipRef} className="subscription-gate__tip" role="tooltip" id={tipId}>
        <Link to={SUBSCRIPTION_PATH}>{intl.formatMessage({ id: 'albumView.needsSubscription' })}</Link>
      </span>
    </span>
  );
}
