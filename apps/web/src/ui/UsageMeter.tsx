import { isUnlimited, usageFill } from '@trove/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { sizeText } from '../lib/size.ts';
import './usage-meter.css';

/** From here on the bar warns (spec 001 §4 popups: 'used more than 95% of storage'). */
const NEARLY_FULL_PERCENT = 95;

// isUnlimited and usageFill (spec 001 §3, §9) are the contract's (billing/units.ts), shared
// with the storage popups and the plan table.

/** The symbol an unlimited maximum shows as (spec 001 §3). */
const UNLIMITED_SYMBOL = '∞';

/**
 * Props of {@link UsageMeter}. The words are messages of the screen's own area (See: [Note:
 * Message areas]): a screen's catalogue holds only what it shows.
 */
export interface UsageMeterProps {
  /** account_info used_space and max_space, in bytes. */
  used: number;
  max: number;
  label: string;
  /** '{used} of {max} used', given both sizes as text. */
  usageText: (sizes: { used: string; max: string }) => string;
  /** A count of bytes under 1 KB, worded: '512 bytes'. */
  bytesText: (count: number) => string;
}

/**
 * The usage meter of spec 001 §3: its label, what is used of what (sizes base 1024, spec 000
 * §9; an unlimited maximum as ∞) and, unless unlimited, a bar: an ARIA meter in percent
 * whose value text is those words.
 */
export function UsageMeter({ used, max, label, usageText, bytesText }: UsageMeterProps) {
  const intl = useIntl();
  const labelId = useId();
  const text = usageText({
    used: sizeText(intl, used, bytesText),
    max: isUnlimited(max) ? UNLIMITED_SYMBOL : sizeText(intl, max, bytesText),
  });
  const fill = usageFill(used, max);
  const percent = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 0;
  return (
    <div className="usage-meter">
      <div className="usage-meter__row">
        <span id={labelId} className="usage-meter__label">
          {label}
        </span>
        <span className="muted">{text}</span>
      </div>
      {!isUnlimited(max) && (
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          className={`usage-meter__bar${percent >= NEARLY_FULL_PERCENT ? ' usage-meter__bar--full' : ''}`}
        >
          <div className="usage-meter__fill" style={{ width: `${String(fill)}%` }} />
        </div>
      )}
    </div>
  );
}
