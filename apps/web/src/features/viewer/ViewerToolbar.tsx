import type { RemoteFile } from '@trove/contract';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { FileActionButtons, type FileActionButtonsProps } from '../file-actions/index.ts';
import { CommentIcon } from '../comments/index.ts';
import { ViewerIcon, type ViewerIconName } from './viewer-icons.tsx';

/** Props of {@link ViewerToolbar}. */
export interface ViewerToolbarProps {
  /** The file on screen; its controls hide until it is known. */
  file: RemoteFile | undefined;
  isPlaying: boolean;
  isInfoOpen: boolean;
  isZoomed: boolean;
  onBack: () => void;
  onTogglePlay: () => void;
  onToggleZoom: () => void;
  onToggleInfo: () => void;
  /** An album's comments button (issue #12): the file's comment count, and the panel's state. */
  comments?: { count: number; isOpen: boolean; onToggle: () => void };
  /** The file actions the registry offers here, and how each runs (See: [Note: File action registry]). */
  fileActions?: Pick<FileActionButtonsProps, 'offers' | 'run'>;
  /** The Cast button (issue #27), beside the slideshow's. */
  cast?: ReactNode;
}

function ToolButton(props: {
  icon: ViewerIconName;
  label: MessageId;
  onClick: () => void;
  pressed?: boolean;
}) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="viewer-button"
      aria-label={intl.formatMessage({ id: props.label })}
      aria-pressed={props.pressed}
      onClick={props.onClick}
    >
      <ViewerIcon name={props.icon} />
    </button>
  );
}

/** Opens the comment panel; says how many comments the file has (spec 000 §2 comment side panel). */
function CommentsButton({
  count,
  isOpen,
  onToggle,
}: {
  count: number;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="viewer-button viewer-button--count"
      aria-pressed={isOpen}
      data-testid="viewer-comments-button"
      onClick={onToggle}
    >
      {/* Named by its content, not aria-label: the visible count must be part of the name
          (axe label-content-name-mismatch); the count shown is for the eye only. */}
      <span className="visually-hidden">{intl.formatMessage({ id: 'viewer.comments' }, { count })}</span>
      <CommentIcon name="comment" />
      {count > 0 && (
        <span className="viewer-button__count" aria-hidden="true">
          {intl.formatNumber(count, { notation: 'compact' })}
        </span>
      )}
    </button>
  );
}

/**
 * The viewer's top bar (56 px, spec 000 §2 header): back to the timeline, the file's name,
 * then slideshow play/pause, zoom (pictures), details, an album's comments, and the file
 * actions the registry offers for the place and the file: download, add to album, add to my
 * timeline, share, remove from album or delete (spec 000 §6).
 */
export function ViewerToolbar(props: ViewerToolbarProps) {
  const intl = useIntl();
  const { file } = props;
  let actions: ReactNode = null;
  if (file) {
    actions = (
      <div className="viewer-bar__actions">
        <ToolButton
          icon={props.isPlaying ? 'pause' : 'play'}
          label={props.isPlaying ? 'viewer.slideshowPause' : 'viewer.slideshowPlay'}
          onClick={props.onTogglePlay}
        />
        {props.cast}
        {file.type !== 'Movies' && file.thumb_url_large && file.media_status !== 'failed' && (
          <ToolButton
            icon={props.isZoomed ? 'zoomOut' : 'zoomIn'}
            label={props.isZoomed ? 'viewer.zoomOut' : 'viewer.zoomIn'}
            onClick={props.onToggleZoom}
          />
        )}
        <ToolButton
          icon="info"
          label={props.isInfoOpen ? 'viewer.hideDetails' : 'viewer.showDetails'}
          pressed={props.isInfoOpen}
          onClick={props.onToggleInfo}
        />
        {props.comments && <CommentsButton {...props.comments} />}
        {props.fileActions && <FileActionButtons {...props.fileActions} className="viewer-button" />}
      </div>
    );
  }
  return (
    <div className="viewer-bar">
      <button
        type="button"
        className="viewer-button"
        aria-label={intl.formatMessage({ id: 'viewer.back' })}
        onClick={props.onBack}
      >
        <Icon name="arrowBack" />
      </button>
      <h1 className="viewer-bar__title">{file?.name}</h1>
      {actions}
    </div>
  );
}
