import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Icon } from './icons.tsx';
import { useFocusTrap } from './use-focus-trap.ts';

/** Props of {@link SidePanel}. */
export interface SidePanelProps {
  title: string;
  side: 'start' | 'end';
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal panel sliding in from one side: 360 px wide, full width under 600 px (spec 000 §2,
 * spec 001 §2). Escape, the close button and a click beside it close it.
 */
export function SidePanel({ title, side, onClose, children }: SidePanelProps) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose);

  return createPortal(
    <div
      className="backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`side-panel side-panel--${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="side-panel__header">
          <h2 id={titleId} className="side-panel__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={intl.formatMessage({ id: 'common.close' })}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="side-panel__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
