import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';
import type { TrashWalk } from './use-trash-walk.ts';

/**
 * The trash's Download-all dialog (spec 000 §4: progress, then closed): the trash's files are
 * listed page by page (spec 000 §7) before its parts can be made; the dialog counts them and
 * closes by itself when they are all in. Cancel (or Escape) stops it.
 */
export function TrashWalkDialog({ walk, onCancel }: { walk: TrashWalk; onCancel: () => void }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'downloads.walk.title' });
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <button type="button" className="btn btn--text" onClick={onCancel}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
      }
    >
      <progress
        className="download-walk__bar"
        aria-label={title}
        {...(walk.total !== undefined && { value: walk.done, max: Math.max(walk.total, 1) })}
      />
      <p role="status">
        {walk.total === undefined
          ? intl.formatMessage({ id: 'downloads.walk.starting' })
          : intl.formatMessage({ id: 'downloads.walk.progress' }, { done: walk.done, total: walk.total })}
      </p>
    </Dialog>
  );
}
