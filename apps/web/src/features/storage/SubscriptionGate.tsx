import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SUBSCRIBE_PATH } from './paths.ts';
import './subscription-gate.css';

/**
 * A button a read-only user would have with a subscription (spec 000 §6, spec 001 §4 "the
 * upload button is disabled"; the flags of currentUserCan.needsSubscription): shown disabled, with a tooltip offering a
 * subscription. It stays focusable (aria-disabled) so keyboard users reach the tooltip,
 * which shows on hover and focus, holds a link to the storage plans and stays inside the
 * viewport (See: [Note: Floating in the viewport]).
 */
export function SubscriptionGate({
  label,
  icon,
  className = 'btn btn--secondary',
  to = SUBSCRIBE_PATH,
  tip,
}: {
  label: string;
  icon?: ReactNode;
  className?: string;
  /** Where the offer leads; a page that remembers what the user wanted (a share copy) may. */
  to?: string;
  /** The offer's text, when it says more than the general one. */
  tip?: string;
}) {
  const intl = useIntl();
  const tipId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  // Placed while mounted: the stylesheet shows it on hover and focus (after 500 ms). The
  // placing code (floating-ui) loads only when a gate shows: the timeline's Add photos is in
  // the first load of /photos, which only read-only users see gated (bench/budgets.json).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../ui/floating.ts').then(({ keepInViewport }) => {
      const tip = tipRef.current;
      const button = buttonRef.current;
      if (!gone && tip && button) stop = keepInViewport(button, tip, 'bottom-end');
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
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
        <Link to={to}>{tip ?? intl.formatMessage({ id: 'albumView.needsSubscription' })}</Link>
      </span>
    </span>
  );
}
