import type { RemoteFile } from '@trove/contract';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { largeThumbUrl, placeholderOf, playableVideoUrl } from './media.ts';
import { MediaMessage } from './MediaMessage.tsx';
import type { EncodingStatus, PlayStatus, Step } from './model.ts';
import { useTouchSwipe } from './swipe.ts';
import { useTranscode } from './use-transcode.ts';

/** Props of {@link VideoView}. */
export interface VideoViewProps {
  jobId: string;
  file: RemoteFile;
  /** Told each transcode status and play status, for the slideshow's timing. */
  onEncodingChange: (status: EncodingStatus) => void;
  onPlayChange: (status: PlayStatus) => void;
  onSwipe: (step: Step) => void;
  /** A touch swipe down: leave the viewer, as over a picture. */
  onSwipeDown: () => void;
}

/**
 * A video in the viewer (spec 000 §4 Video transcode): checked with v_check until its
 * preview is ready (FETCHING, PROCESSING), then played with controls (ENCODED), or a text
 * saying it cannot play (ERROR). Give it a `key` of the file id.
 */
export function VideoView({ jobId, file, onEncodingChange, onPlayChange, ...swipe }: VideoViewProps) {
  const api = useApi();
  const intl = useIntl();
  const status = useTranscode(jobId, file.id);
  const videoRef = useRef<HTMLVideoElement>(null);
  const src = playableVideoUrl(api.directory, file);
  const placeholder = useMemo(() => placeholderOf(file.thumbhash), [file.thumbhash]);
  const reportEncoding = useEffectEvent(onEncodingChange);
  const reportPlay = useEffectEvent(onPlayChange);
  const touchHandlers = useTouchSwipe(swipe.onSwipe, swipe.onSwipeDown);
  // ENCODED, but this listing predates the preview: wait for the next one (it polls).
  const canPlay = status === 'ENCODED' && src !== undefined;

  useEffect(() => {
    reportEncoding(status);
  }, [status]);

  // Opening a video plays it. Without a click first (a link opened with #autoPlay) the
  // browser may refuse sound: then it plays muted, so a slideshow does not stall.
  useEffect(() => {
    const video = videoRef.current;
    if (!canPlay || !video) return;
    Promise.resolve()
      .then(() => video.play())
      .catch(() => {
        video.muted = true;
        return video.play();
      })
      .catch(() => {
        reportPlay('paused');
      });
  }, [canPlay]);

  if (status === 'ERROR') {
    return <MediaMessage kind="error" text={intl.formatMessage({ id: 'viewer.videoFailed' })} />;
  }
  if (!canPlay) {
    const isProcessing = status === 'PROCESSING' || status === 'ENCODED';
    return (
      <MediaMessage
        kind="waiting"
        text={isProcessing ? intl.formatMessage({ id: 'viewer.videoProcessing' }) : undefined}
        background={placeholder}
      />
    );
  }
  return (
    <div className="viewer-video" {...touchHandlers}>
      <video
        ref={videoRef}
        className="viewer-video__player"
        src={src}
        poster={largeThumbUrl(api.directory, file)}
        controls
        playsInline
        aria-label={file.name}
        onPlay={() => {
          onPlayChange('playing');
        }}
        onPause={(event) => {
          // A video pauses as it ends; `ended` reports that separately.
          if (!event.currentTarget.ended) onPlayChange('paused');
        }}
        onEnded={() => {
          onPlayChange('finished');
        }}
      />
    </div>
  );
}
