import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/messages.ts';
import { SUBSCRIBE_PATH } from '../storage/index.ts';
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

/** Where space is freed: the deleted items, which count until emptied, with the storage meter. */
const FREE_UP_SPACE_PATH = '/deleted_items';

/**
 * The storage is full (the copy was refused before it was sent, or the server refused it and
 * it waits in the upload queue): what happened, and the ways out the app has elsewhere, the
 * deleted items to free up space and the plans (as the uploader's notice offers them). They
 * open in a new tab: leaving this page would lose the edit, which stays here to be saved again.
 */
function StorageFull({ isWaiting }: { isWaiting: boolean }) {
  const intl = useIntl();
  const newTab = intl.formatMessage({ id: 'editor.newTab' });
  return (
    <div
      className="photo-editor__status photo-editor__status--error"
      role="alert"
      data-testid="editor-storage-full"
    >
      <p className="photo-editor__status-text">
        {intl.formatMessage({ id: isWaiting ? 'editor.waitingForStorage' : 'editor.failed.noStorage' })}
      </p>
      <p className="photo-editor__status-links">
        <Link to={FREE_UP_SPACE_PATH} target="_blank" rel="noopener" className="btn btn--text">
          {intl.formatMessage({ id: 'editor.freeUpSpace' })}
          <span className="visually-hidden"> {newTab}</span>
        </Link>
        <Link to={SUBSCRIBE_PATH} target="_blank" rel="noopener" className="btn btn--text">
          {intl.formatMessage({ id: 'editor.moreStorage' })}
          <span className="visually-hidden"> {newTab}</span>
        </Link>
      </p>
    </div>
  );
}

/**
 * The saving's progress under the editor's bar (issue #27: long work shows progress): a
 * progress bar while the copy uploads, then what became of it. Read out as it changes.
 */
export function SaveProgress({ state }: { state: EditorState }) {
  const intl = useIntl();
  if (state.kind === 'editing') return <div className="photo-editor__status" role="status" />;
  if (state.kind === 'failed' && state.reason === 'noStorage') return <StorageFull isWaiting={false} />;
  if (state.kind === 'saving' && state.phase.kind === 'waitingForStorage') return <StorageFull isWaiting />;
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
