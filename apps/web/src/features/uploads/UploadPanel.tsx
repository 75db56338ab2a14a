import { HINT_AUTO_HIDE_MS } from '@trove/contract';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { SUBSCRIBE_PATH } from '../storage/index.ts';
import { useUploader, useUploaderView } from './UploaderProvider.tsx';
import { PANEL, openPanelHeight } from './panel-layout.ts';
import { StopUploadsDialog } from './StopUploadsDialog.tsx';
import { summarize } from './summary.ts';
import { panelStatusText } from './upload-texts.ts';
import { UploadList } from './UploadList.tsx';
import type { UploadNotice as UploadNoticeKind } from './uploader.ts';
import { previewIds, UploadPreviews } from './UploadPreviews.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

const NOTICE_TEXT: Record<UploadNoticeKind, MessageId> = {
  insufficientStorage: 'upload.notice.insufficientStorage',
  needsSubscription: 'upload.notice.needsSubscription',
  safariFolder: 'upload.notice.safariFolder',
  addFailed: 'common.genericError',
};

/** Height of the band of previews and Stop (`.upload-panel__summary` in uploads.css). */
const SUMMARY_PX = 70;

function useViewportHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => {
      setHeight(window.innerHeight);
    };
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('resize', update);
    };
  }, []);
  return height;
}

/**
 * The notice of an add that did not happen (spec 000 §5), with a way to dismiss it. It
 * clears itself after 3 s (spec 000 §9 hint auto-hide), but not while the pointer or focus
 * is on it, so its link can still be reached (WCAG 2.2.1).
 */
function UploadNotice() {
  const intl = useIntl();
  const uploader = useUploader();
  const notice = useUploaderView((view) => view.notice);
  const [isHeld, setIsHeld] = useState(false);
  useEffect(() => {
    if (!notice || isHeld) return;
    const timer = setTimeout(uploader.dismissNotice, HINT_AUTO_HIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [notice, isHeld, uploader]);
  if (!notice) return null;
  const hold = () => {
    setIsHeld(true);
  };
  const release = () => {
    setIsHeld(false);
  };
  return (
    <div
      className="upload-panel__notice notice notice--error"
      role="alert"
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <p>{intl.formatMessage({ id: NOTICE_TEXT[notice] })}</p>
      {notice === 'needsSubscription' && (
        <Link to={SUBSCRIBE_PATH} className="btn btn--text" onClick={uploader.dismissNotice}>
          {intl.formatMessage({ id: 'upload.notice.seePlans' })}
        </Link>
      )}
      <button type="button" className="btn btn--text" onClick={uploader.dismissNotice}>
        {intl.formatMessage({ id: 'upload.notice.dismiss' })}
      </button>
    </div>
  );
}

/**
 * The upload status panel (spec 000 §4 Upload panel): the status line, up to four
 * previews, Stop with a confirmation, and the file list (136 px collapsed; open, 48 px a
 * row plus 126, up to 75 % of the viewport).
 */
export function UploadPanel() {
  const intl = useIntl();
  const uploader = useUploader();
  const queue = useUploaderView((view) => view.queue);
  const isOpen = useUploaderView((view) => view.isPanelOpen);
  const hasNotice = useUploaderView((view) => view.notice !== null);
  const retrySeconds = useUploaderView((view) => view.retry?.seconds ?? 0);
  const preparing = useUploaderView((view) => view.preparing);
  const [isExpanded, setIsExpanded] = useState(false);
  const viewportHeight = useViewportHeight();
  const hasPreviews = useUploaderView((view) => previewIds(view.queue) !== '');
  const summary = useMemo(() => summarize(queue), [queue]);
  const count = queue.items.length;
  if (!isOpen || (count === 0 && !hasNotice && preparing === 0)) return null;

  // Nothing to preview and nothing to stop (every file failed, say): no empty band, and
  // the panel is that much shorter than the sizes of spec 000 §9.
  const hasSummary = count > 0 && (hasPreviews || summary.stoppable > 0);
  const height =
    (isExpanded && count > 0 ? openPanelHeight(count, viewportHeight) : PANEL.collapsedHeight) -
    (hasSummary ? 0 : SUMMARY_PX);
  const toggleLabel = intl.formatMessage({
    id: isExpanded ? 'upload.panel.hideFiles' : 'upload.panel.showFiles',
  });
  return (
    <section
      className={`upload-panel${isExpanded ? ' upload-panel--open' : ''}`}
      aria-label={intl.formatMessage({ id: 'upload.panel.label' })}
      style={{ height: hasNotice ? undefined : height }}
    >
      <header className="upload-panel__header">
        <p className={`upload-panel__status upload-panel__status--${summary.status.kind}`} role="status">
          {count > 0
            ? panelStatusText(intl, summary.status, retrySeconds)
            : preparing > 0 && intl.formatMessage({ id: 'upload.status.preparing' }, { count: preparing })}
        </p>
        {count > 0 && (
          <Tooltip text={toggleLabel} isDescription={false}>
            <button
              type="button"
              className="icon-button upload-panel__toggle"
              aria-expanded={isExpanded}
              aria-label={toggleLabel}
              onClick={() => {
                setIsExpanded(!isExpanded);
              }}
            >
              <Icon name="chevronRight" />
            </button>
          </Tooltip>
        )}
        <Tooltip text={intl.formatMessage({ id: 'common.close' })} isDescription={false}>
          <button
            type="button"
            className="icon-button"
            aria-label={intl.formatMessage({ id: 'common.close' })}
            onClick={uploader.closePanel}
          >
            <Icon name="close" />
          </button>
        </Tooltip>
      </header>
      <UploadNotice />
      {hasSummary && (
        <div className="upload-panel__summary">
          <UploadPreviews />
          {summary.stoppable > 0 && (
            <button
              type="button"
              className="btn btn--secondary upload-panel__stop"
              onClick={uploader.requestStop}
            >
              {intl.formatMessage({ id: 'upload.panel.stop' })}
            </button>
          )}
        </div>
      )}
      {isExpanded && count > 0 && <UploadList />}
      {queue.isStopPending && (
        <StopUploadsDialog
          count={summary.stoppable}
          onConfirm={uploader.confirmStop}
          onCancel={uploader.cancelStop}
        />
      )}
    </section>
  );
}
