import { UNLIMITED_QUOTA_THRESHOLD } from '@trove/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { sizeText } from '../lib/size.ts';
import './usage-meter.css';

/** spec 001 §9: a nonzero use fills at least 5 percent of the bar, so that it shows. */
export const MIN_VISIBLE_FILL_PERCENT = 5;
/** From here on the bar warns (spec 001 §4 popups: 'used more than 95% of storage'). */
const NEARLY_FULL_PERCENT = 95;

/** spec 001 §3: a maximum at or above 1000 GiB counts as unlimited. */
export function isUnlimited(maxSpace: number): boolean {
  return maxSpace >= UNLIMITED_QUOTA_THRESHOLD;
}

/**
 * How much of the bar `used` of `max` fills, in percent (spec 001 §3 usage meter, §9): none
 * when nothing is used or the maximum is 0 ("maximum 0 shows zero"), otherwise the share,
 * at least {@link MIN_VISIBLE_FILL_PERCENT} and at most 100.
 */
export function usageFill(used: number, max: number): number {
  if (used <= 0 || max <= 0) return 0;
  return Math.min(100, Math.max(MIN_VISIBLE_FILL_PERCENT, (used / max) * 100));
}

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
