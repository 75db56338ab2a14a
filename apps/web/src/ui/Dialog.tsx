import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Action buttons, right-aligned under the body. */
  actions: ReactNode;
  /**
   * A confirm dialog's action: Enter runs it wherever focus is in the dialog (spec 000 §9
   * "Keyboard: Enter confirm, Escape cancel"), except in a text area; Space still presses
   * the focused button. Undefined while the action cannot run (pending).
   */
  onEnter?: (() => void) | undefined;
}

/**
 * A modal dialog with a title, 512 px wide (spec 001 §2). Focus stays inside while it is
 * open; Escape and a click on the backdrop close it.
 */
export function Dialog({ title, onClose, children, actions, onEnter }: DialogProps) {
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
        onKeyDown={(event) => {
          if (!onEnter || !isConfirmingEnter(event)) return;
          // Not the focused button's own activation (Cancel is focused first).
          event.preventDefault();
          onEnter();
        }}
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

/** Whether a key press is the Enter that confirms: not composing text, not in a text area or a link. */
export function isConfirmingEnter(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'nativeEvent'> & { shiftKey?: boolean },
): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return false;
  const target = event.target as Element | null;
  return !target?.closest('textarea, a[href]');
}
