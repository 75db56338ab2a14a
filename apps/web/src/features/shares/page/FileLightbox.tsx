import type { RemoteFile } from '@trove/contract';
import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useFocusTrap } from '../../../ui/use-focus-trap.ts';
import {
  downloadFile,
  FileActionButtons,
  offeredFileActions,
  type FileActionFlags,
} from '../../file-actions/index.ts';
import { largeThumbUrl, placeholderOf, playableVideoUrl } from '../../viewer/index.ts';
import { ShareIcon } from './share-icons.tsx';

/** Props of {@link FileLightbox}. */
export interface FileLightboxProps {
  files: readonly RemoteFile[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The share's flags (`shareFileFlags`): the toolbar offers what the registry allows a recipient. */
  can: FileActionFlags;
}

/**
 * A shared picture or video full screen, over the page (spec 000 §2 Share page): the large
 * thumbnail over its thumbhash, or the video's low-quality rendition with controls (both
 * signed URLs, so visitors need no token). Previous and next by buttons and arrow keys;
 * Escape or Close leaves. A modal dialog: focus stays in it and comes back after. The bar
 * offers the registry's actions for a share's recipient (Download; See: [Note: File action
 * registry]).
 */
export function FileLightbox({ files, index, onIndexChange, onClose, can }: FileLightboxProps) {
  const intl = useIntl();
  const api = useApi();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onClose);
  const file = files[index];
  if (!file) return null;
  const hasPrevious = index > 0;
  const hasNext = index < files.length - 1;
  const go = (to: number) => () => {
    onIndexChange(to);
  };
  return createPortal(
    <div
      ref={ref}
      className="viewer share-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={file.name}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft' && hasPrevious) onIndexChange(index - 1);
        if (event.key === 'ArrowRight' && hasNext) onIndexChange(index + 1);
      }}
    >
      <div className="viewer-bar">
        <button
          type="button"
          className="viewer-button"
          aria-label={intl.formatMessage({ id: 'common.close' })}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
        <span className="viewer-bar__title">{file.name}</span>
        <span className="share-lightbox__position">
          {intl.formatMessage({ id: 'sharePage.position' }, { index: index + 1, count: files.length })}
        </span>
        <FileActionButtons
          className="viewer-button"
          // Who the recipient is changes nothing a share's page offers.
          offers={offeredFileActions('viewerToolbar', {
            place: 'share',
            can,
            me: undefined,
            isReadOnly: false,
            files: [file],
          })}
          run={{
            download: () => {
              downloadFile(api.directory, file);
            },
          }}
        />
      </div>
      <div className="viewer__stage">
        <LightboxMedia key={file.id} file={file} />
        {hasPrevious && (
          <button
            type="button"
            className="viewer-button viewer-nav viewer-nav--previous"
            aria-label={intl.formatMessage({ id: 'sharePage.previous' })}
            onClick={go(index - 1)}
          >
            <ShareIcon name="chevronLeft" />
          </button>
        )}
        {hasNext && (
          <button
            type="button"
            className="viewer-button viewer-nav viewer-nav--next"
            aria-label={intl.formatMessage({ id: 'sharePage.next' })}
            onClick={go(index + 1)}
          >
            <Icon name="chevronRight" />
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** The file itself; give it a `key` of the file id, so a failure belongs to one file. */
export function LightboxMedia({ file }: { file: RemoteFile }) {
  const api = useApi();
  const intl = useIntl();
  const [hasFailed, setHasFailed] = useState(false);
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const poster = largeThumbUrl(api.directory, file);
  const video = file.type === 'Movies' ? playableVideoUrl(api.directory, file) : undefined;
  const failed = () => {
    setHasFailed(true);
  };
  if (hasFailed || file.media_status === 'failed')
    return <Message text={intl.formatMessage({ id: 'sharePage.mediaFailed' })} />;
  if (video)
    return (
      <div className="viewer-video">
        <video className="viewer-video__player" src={video} poster={poster} controls onError={failed} />
      </div>
    );
  if (!poster || file.type === 'Movies')
    return <Message text={intl.formatMessage({ id: 'sharePage.processing' })} background={placeholder} />;
  return (
    <div className="viewer-image share-lightbox__image">
      <img
        className="viewer-image__picture"
        src={poster}
        alt={file.name}
        style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
        onError={failed}
      />
    </div>
  );
}

function Message({ text, background }: { text: string; background?: string | undefined }) {
  return (
    <div
      className="viewer-message"
      style={background ? { backgroundImage: `url(${background})` } : undefined}
    >
      <p className="viewer-message__box">{text}</p>
    </div>
  );
}
