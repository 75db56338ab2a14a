import type { CastItem, CastReceiverView } from '@trove/contract';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { reportReceiver } from './api.ts';
import { QrCode } from './QrCode.tsx';
import {
  INITIAL_RECEIVER,
  applyRemote,
  applyView,
  currentItem,
  preloadItems,
  remoteActionOf,
  slideDelayOf,
  type ReceiverState,
} from './receiver-model.ts';
import { useReceiver, type StoredReceiver } from './use-receiver.ts';
import './cast.css';

/** While a video plays, the TV says where it is this often: the sender's state stays near. */
const POSITION_REPORT_MS = 5000;

/**
 * /tv (issue #27, spec 000 §2 casting, §7, §9): the page a TV's browser opens. Unpaired, it
 * shows a short code and a QR code to pair with, full screen in a ten-foot layout (large
 * type, visible focus, nothing on hover; the TV breakpoint is 1400 px, LAYOUT.breakpoints.tv).
 * Paired, it shows what its sender casts: pictures 5000 ms each in a slideshow, videos from
 * the sender's position, the next 4 items preloaded, and answers the remote's keys.
 */
export function TvReceiverPage() {
  const intl = useIntl();
  const api = useApi();
  usePageTitle(intl.formatMessage({ id: 'cast.tv.title' }));
  const [state, setState] = useState<ReceiverState>(INITIAL_RECEIVER);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const { receiver, paired, renew } = useReceiver(api, (view: CastReceiverView) => {
    setState((current) => applyView(current, view, Date.now()));
  });
  const videoRef = useRef<HTMLVideoElement>(null);
  // The item whose video ended: the slideshow moves on 1 ms after (spec 000 §9).
  const [endedKey, setEndedKey] = useState<string | null>(null);

  /**
   * Applies a local step and tells the server where the TV is now: the video's own position
   * when it stays on the same item (0 on another item, or after stop).
   */
  const act = (next: ReceiverState, rewind = false) => {
    const video = videoRef.current;
    const sameItem = next.playback.index === stateRef.current.playback.index;
    const position_ms = !rewind && sameItem && video ? Math.round(video.currentTime * 1000) : 0;
    const reported = { ...next, playback: { ...next.playback, position_ms } };
    stateRef.current = reported;
    setState(reported);
    if (!receiver) return;
    reportReceiver(api, receiver.secret, reported.playback).then(
      (view) => {
        setState((current) => applyView(current, view, Date.now()));
      },
      () => undefined,
    );
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action = remoteActionOf(event.key);
    if (!action || !stateRef.current.paired || stateRef.current.count === 0) return;
    event.preventDefault();
    act(applyRemote(stateRef.current, action), action === 'stop');
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const item = currentItem(state);
  const itemKey = `${String(state.playback.index)}:${item?.file_id ?? ''}`;
  const videoEnded = endedKey === itemKey;

  // The slideshow (spec 000 §9): 5000 ms a picture, 1 ms after a video finished, wrapping.
  const delay = slideDelayOf(state, videoEnded);
  const onAdvance = useEffectEvent(() => {
    act(applyRemote(stateRef.current, 'next'));
  });
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(onAdvance, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [delay, itemKey]);

  // The next 4 items are fetched before they show (spec 000 §9): pictures, and videos' posters.
  const upcoming = preloadItems(state);
  const preloaded = useRef<HTMLImageElement[]>([]);
  const upcomingKey = upcoming.map((i) => i.image_url ?? '').join(' ');
  useEffect(() => {
    preloaded.current = upcoming.flatMap((next) => {
      if (!next.image_url) return [];
      const image = new Image();
      image.src = api.directory.thumb + next.image_url;
      return [image];
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the URLs themselves
  }, [upcomingKey, api]);

  // The video follows the playback: plays or pauses, and takes the sender's position on a
  // load or a seek.
  const { playing, position_ms } = state.playback;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (playing) {
      video.play().catch(() => {
        // A TV browser may refuse sound without a gesture: muted, it plays.
        video.muted = true;
        void video.play().catch(() => undefined);
      });
    } else video.pause();
  }, [playing, itemKey]);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = position_ms / 1000;
    // A video that had ended plays again from there.
    if (stateRef.current.playback.playing && video.paused) void video.play().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a load or a seek moves the video
  }, [state.seekToken, itemKey]);
  const onReport = useEffectEvent(() => {
    const video = videoRef.current;
    if (video && !video.paused) act(stateRef.current);
  });
  useEffect(() => {
    if (!playing || item?.type !== 'Movies') return;
    const timer = setInterval(onReport, POSITION_REPORT_MS);
    return () => {
      clearInterval(timer);
    };
  }, [playing, item?.type]);

  if (!receiver || !paired) return <PairingScreen receiver={receiver} onRenew={renew} />;
  return (
    <main
      className="tv tv--casting"
      data-testid="tv-receiver"
      data-index={state.playback.index}
      data-playing={String(playing)}
      data-autoplay={String(state.playback.autoplay)}
      data-file={item?.file_id ?? ''}
    >
      <h1 className="visually-hidden">{intl.formatMessage({ id: 'cast.tv.title' })}</h1>
      {state.count === 0 && <p className="tv__message">{intl.formatMessage({ id: 'cast.tv.connected' })}</p>}
      {item && (
        <Media
          item={item}
          videoRef={videoRef}
          onEnded={() => {
            setEndedKey(itemKey);
          }}
        />
      )}
      {state.count > 0 && !item && (
        <p className="tv__message">{intl.formatMessage({ id: 'cast.tv.loading' })}</p>
      )}
      {state.count > 0 && (
        <p className={playing ? 'tv__status visually-hidden' : 'tv__status'} role="status">
          {intl.formatMessage(
            { id: playing ? 'cast.tv.showing' : 'cast.tv.paused' },
            { current: state.playback.index + 1, count: state.count },
          )}
        </p>
      )}
    </main>
  );
}

function Media({
  item,
  videoRef,
  onEnded,
}: {
  item: CastItem;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  onEnded: () => void;
}) {
  const api = useApi();
  const image = item.image_url ? api.directory.thumb + item.image_url : undefined;
  if (item.type === 'Movies' && item.video_url)
    return (
      <video
        key={item.file_id}
        ref={videoRef}
        className="tv__media"
        src={api.directory.video + item.video_url}
        poster={image}
        playsInline
        preload="auto"
        aria-label={item.name}
        onEnded={onEnded}
      />
    );
  return <img key={item.file_id} className="tv__media" src={image} alt={item.name} />;
}

/** The code to pair with, large enough to read from the sofa, and its QR code. */
function PairingScreen({ receiver, onRenew }: { receiver: StoredReceiver | null; onRenew: () => void }) {
  const intl = useIntl();
  const pairUrl = receiver ? `${window.location.origin}/cast#${receiver.code}` : '';
  return (
    <main className="tv tv--pairing" data-testid="tv-pairing">
      <h1 className="tv__title">{intl.formatMessage({ id: 'cast.tv.title' })}</h1>
      {receiver ? (
        <div className="tv__pairing">
          <div className="tv__code-block">
            <p className="tv__lead">{intl.formatMessage({ id: 'cast.tv.instructions' })}</p>
            <p className="tv__code" aria-label={intl.formatMessage({ id: 'cast.tv.codeLabel' })}>
              <span data-testid="tv-code">{receiver.code}</span>
            </p>
            <button type="button" className="tv__button" onClick={onRenew}>
              {intl.formatMessage({ id: 'cast.tv.newCode' })}
            </button>
          </div>
          <figure className="tv__qr-block">
            <QrCode text={pairUrl} size={320} label={intl.formatMessage({ id: 'cast.tv.qrLabel' })} />
            <figcaption className="tv__hint">{intl.formatMessage({ id: 'cast.tv.scan' })}</figcaption>
          </figure>
        </div>
      ) : (
        <p className="tv__message">{intl.formatMessage({ id: 'cast.tv.loading' })}</p>
      )}
    </main>
  );
}
