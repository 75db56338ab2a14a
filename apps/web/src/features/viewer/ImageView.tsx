import { extensionOf, type RemoteFile } from '@trove/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useTrackEvent } from '../analytics/api.ts';
import { largeThumbUrl, originalUrl, placeholderOf } from './media.ts';
import { MediaMessage } from './MediaMessage.tsx';
import type { Step } from './model.ts';
import { useZoomPan } from './use-zoom-pan.ts';
import type { Size } from './zoom.ts';

/** Props of {@link ImageView}. */
export interface ImageViewProps {
  file: RemoteFile;
  isZoomed: boolean;
  onZoomChange: (isZoomed: boolean) => void;
  onSwipe: (step: Step) => void;
  /** A touch swipe down, not zoomed: leave the viewer, as on a phone's photo apps. */
  onSwipeDown: () => void;
}

/** Files already reported as unsupported media by this page. */
const reportedFiles = new Set<string>();

/**
 * A picture in the viewer: its thumbhash first, then the 1280 thumbnail fitted to the
 * screen; zoomed, the original (its JPEG for a HEIC). Give it a `key` of the file id. A
 * thumbnail that fails to load shows 'something went wrong' (spec 000 §8 Thumbnail fails in
 * viewer), as does a file the server could not read; either is reported once per file as
 * `unsupported_media`. One the worker has not made yet says it is still being processed.
 */
export function ImageView(props: ImageViewProps) {
  const api = useApi();
  const intl = useIntl();
  const [hasFailed, setHasFailed] = useState(false);
  const trackEvent = useTrackEvent();
  const { file } = props;
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const thumb = largeThumbUrl(api.directory, file);
  // spec 000 §8 Thumbnail fails in viewer: a tracking event for unsupported media is sent,
  // once per file for the life of the page, however often its picture fails.
  const isFailed = hasFailed || file.media_status === 'failed';
  useEffect(() => {
    if (!isFailed || reportedFiles.has(file.id)) return;
    if (trackEvent('unsupported_media', { extension: extensionOf(file.name), type: file.type })) {
      reportedFiles.add(file.id);
    }
  }, [isFailed, file.id, file.name, file.type, trackEvent]);
  if (isFailed) {
    return <MediaMessage kind="error" text={intl.formatMessage({ id: 'viewer.mediaFailed' })} />;
  }
  if (!thumb) {
    return (
      <MediaMessage
        kind="waiting"
        text={intl.formatMessage({ id: 'viewer.photoProcessing' })}
        background={placeholder}
      />
    );
  }
  return (
    <ZoomablePicture
      {...props}
      thumb={thumb}
      original={originalUrl(api.directory, file)}
      placeholder={placeholder}
      onError={() => {
        setHasFailed(true);
      }}
    />
  );
}

interface ZoomablePictureProps extends ImageViewProps {
  thumb: string;
  original: string | undefined;
  placeholder: string | undefined;
  onError: () => void;
}

/**
 * The thumbnail fitted over its placeholder (dropped once it loaded: a transparent PNG
 * must not show the blur through); zoomed, enlarged and pannable, with the
 * original faded in over it once loaded (if the original fails, the thumbnail stays).
 */
function ZoomablePicture({ file, thumb, original, placeholder, onError, ...zoom }: ZoomablePictureProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [isOriginalReady, setIsOriginalReady] = useState(false);
  const [thumbSize, setThumbSize] = useState<Size>();
  // The thumbnail's shape (always upright) at the original's long side; the thumbnail's own
  // size when the server does not know the original's.
  const image = useMemo<Size | undefined>(() => {
    if (!thumbSize) return undefined;
    const long = Math.max(file.width, file.height);
    const scale = long > 0 ? long / Math.max(thumbSize.width, thumbSize.height, 1) : 1;
    return { width: thumbSize.width * scale, height: thumbSize.height * scale };
  }, [thumbSize, file.width, file.height]);
  const { handlers, style } = useZoomPan({ stageRef, image, ...zoom });
  return (
    <div
      ref={stageRef}
      className={`viewer-image${zoom.isZoomed ? ' viewer-image--zoomed' : ''}`}
      {...handlers}
    >
      <img
        className="viewer-image__picture"
        src={thumb}
        alt={file.name}
        draggable={false}
        style={style ?? (placeholder && !thumbSize ? { backgroundImage: `url(${placeholder})` } : undefined)}
        onLoad={(event) => {
          const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
          setThumbSize((current) => current ?? { width, height });
        }}
        onError={onError}
      />
      {zoom.isZoomed && original && (
        <img
          className="viewer-image__picture viewer-image__original"
          src={original}
          alt=""
          draggable={false}
          style={{ ...style, opacity: isOriginalReady ? 1 : 0 }}
          onLoad={() => {
            setIsOriginalReady(true);
          }}
        />
      )}
    </div>
  );
}
