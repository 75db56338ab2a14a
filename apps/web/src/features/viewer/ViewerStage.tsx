import { useIntl } from 'react-intl';
import { isNetworkError } from '../../api/http-error.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ImageView } from './ImageView.tsx';
import { MediaMessage } from './MediaMessage.tsx';
import type { EncodingStatus, PlayStatus, Step } from './model.ts';
import type { Carousel } from './use-carousel.ts';
import { ViewerIcon } from './viewer-icons.tsx';
import { VideoView } from './VideoView.tsx';

/** Props of {@link ViewerStage}. */
export interface ViewerStageProps {
  carousel: Carousel;
  isZoomed: boolean;
  onZoomChange: (isZoomed: boolean) => void;
  onEncodingChange: (status: EncodingStatus) => void;
  onPlayChange: (status: PlayStatus) => void;
  onBack: () => void;
}

/**
 * The middle of the viewer: the picture or video on screen with previous/next buttons, or
 * what stands in for it (loading, failed with a retry, no longer in the timeline).
 */
export function ViewerStage({ carousel, isZoomed, onZoomChange, ...props }: ViewerStageProps) {
  const intl = useIntl();
  const { file, jobId } = carousel;
  const step = (to: Step) => () => {
    carousel.go(to);
  };
  const swipe = {
    onSwipe: (to: Step) => {
      carousel.go(to);
    },
    onSwipeDown: props.onBack,
  };
  if (carousel.status === 'failed') {
    const id = isNetworkError(carousel.error) ? 'common.offline' : 'common.genericError';
    return (
      <MediaMessage kind="error" text={intl.formatMessage({ id })}>
        <button type="button" className="btn btn--primary" onClick={carousel.retry}>
          {intl.formatMessage({ id: 'common.tryAgain' })}
        </button>
      </MediaMessage>
    );
  }
  if (carousel.status === 'notFound') {
    return (
      <MediaMessage kind="error" text={intl.formatMessage({ id: 'viewer.notFound' })}>
        <button type="button" className="btn btn--primary" onClick={props.onBack}>
          {intl.formatMessage({ id: 'viewer.back' })}
        </button>
      </MediaMessage>
    );
  }
  if (!file || jobId === undefined) {
    return (
      <div className="viewer-message">
        <Spinner />
      </div>
    );
  }
  return (
    <>
      {file.type === 'Movies' ? (
        <VideoView
          key={file.id}
          jobId={jobId}
          file={file}
          onEncodingChange={props.onEncodingChange}
          onPlayChange={props.onPlayChange}
          {...swipe}
        />
      ) : (
        <ImageView key={file.id} file={file} isZoomed={isZoomed} onZoomChange={onZoomChange} {...swipe} />
      )}
      {carousel.hasPrevious && !isZoomed && (
        <button
          type="button"
          className="viewer-button viewer-nav viewer-nav--previous"
          aria-label={intl.formatMessage({ id: 'viewer.previous' })}
          onClick={step('previous')}
        >
          <ViewerIcon name="chevronLeft" size={32} />
        </button>
      )}
      {carousel.hasNext && !isZoomed && (
        <button
          type="button"
          className="viewer-button viewer-nav viewer-nav--next"
          aria-label={intl.formatMessage({ id: 'viewer.next' })}
          onClick={step('next')}
        >
          <ViewerIcon name="chevronRight" size={32} />
        </button>
      )}
    </>
  );
}
