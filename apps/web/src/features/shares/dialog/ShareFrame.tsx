import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../../ui/use-focus-trap.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled])';

/** Props of {@link ShareFrame}. */
export interface ShareFrameProps {
  title: string;
  /** Changes when the view does: focus moves to the new view's first control. */
  viewKey: string;
  /** Escape, a click on the backdrop; ignored while `isBusy`. */
  onClose: () => void;
  isBusy: boolean;
  /** The view: its body (`dialog__body`) and its buttons (`dialog__actions`). */
  children: ReactNode;
}

/**
 * The share dialog's modal frame, the app's dialog (512 px, spec 001 §2) with a title per
 * view: focus stays inside, Escape and a click on the backdrop close it, focus returns to
 * the opener when it closes, and each new view gets focus on its first control so keyboard
 * and screen-reader users follow the switch.
 */
export function ShareFrame({ title, viewKey, onClose, isBusy, children }: ShareFrameProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const shownKeyRef = useRef(viewKey);
  useFocusTrap(panelRef, () => {
    if (!isBusy) onClose();
  });
  useEffect(() => {
    // The first view is focused by the trap; later ones here.
    if (shownKeyRef.current === viewKey) return;
    shownKeyRef.current = viewKey;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
  }, [viewKey]);

  return createPortal(
    <div
      className="backdrop backdrop--center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !isBusy) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="dialog share-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={isBusy}
        tabIndex={-1}
        data-view={viewKey}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
