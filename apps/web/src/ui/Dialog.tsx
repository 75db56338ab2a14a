import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Action buttons, right-aligned under the body. */
  actions: ReactNode;
}

/**
 * A modal dialog with a title, 512 px wide (spec 001 §2). Focus stays inside while it is
 * open; Escape and a click on the backdrop close it.
 */
export function Dialog({ title, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose);

  return createPortal(
    <div
      className="backdrop backdrop--center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
