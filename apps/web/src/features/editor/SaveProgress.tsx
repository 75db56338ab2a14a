import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import type { SaveCopyError, SavePhase, SavedCopy } from './save-copy.ts';

/** Where the editor is: editing, saving (and how far), saved, or failed to save. */
export type EditorState =
  | { kind: 'editing' }
  | { kind: 'saving'; phase: SavePhase }
  | { kind: 'saved'; copy: SavedCopy }
  | { kind: 'failed'; reason: SaveCopyError['reason'] };

const FAILURE_TEXTS = {
  noStorage: 'editor.failed.noStorage',
  rejected: 'editor.failed.rejected',
  cancelled: 'editor.failed.cancelled',
} as const satisfies Record<SaveCopyError['reason'], MessageId>;

/**
 * The saving's progress under the editor's bar (issue #27: long work shows progress): a
 * progress bar while the copy uploads, then what became of it. Read out as it changes.
 */
export function SaveProgress({ state }: { state: EditorState }) {
  const intl = useIntl();
  if (state.kind === 'editing') return <div className="photo-editor__status" role="status" />;
  if (state.kind === 'failed')
    return (
      <div className="photo-editor__status photo-editor__status--error" role="alert">
        {intl.formatMessage({ id: FAILURE_TEXTS[state.reason] })}
      </div>
    );
  if (state.kind === 'saved')
    return (
      <div className="photo-editor__status" role="status" data-testid="editor-saved">
        {intl.formatMessage({ id: 'editor.saved' }, { albums: state.copy.placed })}
        {state.copy.notPlaced > 0 &&
          ` ${intl.formatMessage({ id: 'editor.notPlaced' }, { albums: state.copy.notPlaced })}`}
      </div>
    );
  const { phase } = state;
  const percent = phase.kind === 'uploading' ? phase.percent : undefined;
  return (
    <div className="photo-editor__status" role="status">
      <span>
        {phase.kind === 'uploading'
          ? intl.formatMessage({ id: 'editor.uploading' }, { percent: phase.percent / 100 })
          : intl.formatMessage({ id: phase.kind === 'placing' ? 'editor.placing' : 'editor.preparing' })}
      </span>
      <progress
        className="photo-editor__progress"
        max={100}
        {...(percent !== undefined && { value: percent })}
        aria-label={intl.formatMessage({ id: 'editor.progressLabel' })}
      />
    </div>
  );
}
