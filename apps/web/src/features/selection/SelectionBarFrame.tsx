import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';

/**
 * What every selection bar starts with (spec 000 §4 Selection mode): a toolbar named by the
 * count, a clear button (Escape does the same) and the count; the bar's actions follow.
 */
export function SelectionBarFrame({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'timeline.selectedCount' }, { count });
  return (
    <div className="selection-bar" role="toolbar" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'timeline.clearSelection' })}
        onClick={onClear}
      >
        <Icon name="close" />
      </button>
      <span className="selection-bar__count" aria-live="polite">
        {label}
      </span>
      {children}
    </div>
  );
}
