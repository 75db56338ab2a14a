import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';

/**
 * Closing an editor whose changes are not saved asks first: the edit exists nowhere else.
 * Inside the editor's own dialog, so its focus trap holds, with "Keep editing" focused: the
 * safe answer is the one Enter or a second Escape gives.
 */
export function DiscardPrompt({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const intl = useIntl();
  const textId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  return (
    <div
      className="photo-editor__status photo-editor__status--error photo-editor__discard"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={textId}
    >
      <p id={textId} className="photo-editor__status-text">
        {intl.formatMessage({ id: 'editor.discard.text' })}
      </p>
      <button type="button" className="btn btn--danger" onClick={onDiscard}>
        {intl.formatMessage({ id: 'editor.discard.discard' })}
      </button>
      <button ref={keepRef} type="button" className="btn btn--secondary" onClick={onKeep}>
        {intl.formatMessage({ id: 'editor.discard.keep' })}
      </button>
    </div>
  );
}
