import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import type { FileActionId, OfferedFileAction } from './registry.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** Props of {@link FileActionButtons}. */
export interface FileActionButtonsProps {
  offers: readonly OfferedFileAction[];
  /** Runs an action; an offer without a runner is not drawn. */
  run: Partial<Record<FileActionId, () => void>>;
  /** The bar's button class: `icon-button` (selection bars) or `viewer-button` (the viewer). */
  className: string;
}

/**
 * The icon buttons of a bar, one per offered action (See: [Note: File action registry]). A
 * disabled one stays focusable, so its tooltip (the subscribe offer of spec 000 §6) can be
 * read, and does nothing.
 */
export function FileActionButtons({ offers, run, className }: FileActionButtonsProps) {
  const intl = useIntl();
  return offers.map(({ action, isDisabled, hint }) => {
    const onRun = run[action.id];
    if (!onRun) return null;
    return (
      // The hint (why it is disabled) describes the button; else the tooltip repeats its name.
      <Tooltip
        key={action.id}
        text={intl.formatMessage({ id: hint ?? action.label })}
        isDescription={hint !== undefined}
      >
        <button
          type="button"
          className={className}
          aria-label={intl.formatMessage({ id: action.label })}
          aria-disabled={isDisabled || undefined}
          data-action={action.id}
          onClick={() => {
            if (!isDisabled) onRun();
          }}
        >
          <Icon name={action.icon} />
        </button>
      </Tooltip>
    );
  });
}
