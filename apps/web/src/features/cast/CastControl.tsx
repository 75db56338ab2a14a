import type { CastMessage, CastReceiverState } from '@trove/contract';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { HttpError } from '../../api/http-error.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { queueOf, sendMessage, unpair } from './api.ts';
import { CastIcon, type CastIconName } from './cast-icons.tsx';
import { setCastTarget, useCastTarget } from './cast-store.ts';
import type { CastSource } from './cast-source.ts';
import { PairPanel } from './PairPanel.tsx';
import './cast.css';

/** While the dialog is open, the TV's state is read this often. */
const STATUS_MS = 2000;
/** While casting, the pairing is kept alive this often (it lapses after CAST_IDLE_MS). */
const KEEPALIVE_MS = 60_000;
const SEEK_STEP_MS = 10_000;

/**
 * The Cast button and its dialog (issue #27; spec 000 §2 "casting" in the album view and the
 * carousel, §7 the receiver messages): pairs with a TV, loads what the sender shows and
 * controls it. In a carousel, moving to another file while casting shows it on the TV too.
 */
export function CastControl({ source }: { source: CastSource }) {
  const intl = useIntl();
  const api = useApi();
  const target = useCastTarget();
  const [isOpen, setOpen] = useState(false);
  const [state, setState] = useState<CastReceiverState | null>(null);
  const [failed, setFailed] = useState(false);

  const send = async (receiverId: string, message: CastMessage) => {
    try {
      const next = await sendMessage(api, receiverId, message);
      setState(next);
      setFailed(false);
      return next;
    } catch (error) {
      // The pairing ended (the TV went away, the sender idled): choose a TV again.
      if (error instanceof HttpError && error.status === 404) {
        setCastTarget(null);
        setState(null);
      } else setFailed(true);
      return null;
    }
  };

  /** Load: the job's queue from the file on screen (or the first), with the sender's position. */
  const load = async (receiverId: string) => {
    if (source.jobId === undefined) return;
    let queue: string[];
    try {
      queue = await queueOf(api, source.jobId);
    } catch {
      setFailed(true);
      return;
    }
    let index = source.fileId === undefined ? 0 : queue.indexOf(source.fileId);
    if (index < 0 && source.fileId !== undefined) {
      queue = [source.fileId];
      index = 0;
    }
    if (queue.length === 0) return;
    await send(receiverId, {
      type: 'load',
      job_id: source.jobId,
      file_ids: queue,
      index,
      autoplay: source.autoplay,
      position_ms: Math.max(0, Math.round(source.positionMs?.() ?? 0)),
    });
  };

  // A carousel that moves while casting takes the TV along; what it showed when it opened
  // goes to the TV only when asked ("Show this on the TV"), so opening a photo does not
  // interrupt the TV's slideshow.
  const shown = useRef<string | null>(null);
  const onMove = useEffectEvent(() => {
    if (target !== null) void load(target);
  });
  useEffect(() => {
    if (source.fileId === undefined || source.jobId === undefined) return;
    const key = `${source.jobId}:${source.fileId}`;
    const moved = shown.current !== null && shown.current !== key;
    shown.current = key;
    if (moved) onMove();
  }, [source.jobId, source.fileId]);

  const onPoll = useEffectEvent((receiverId: string) => {
    void send(receiverId, { type: 'get_receiver_state' });
  });
  useEffect(() => {
    if (target === null) return;
    const first = setTimeout(() => {
      onPoll(target);
    }, 0);
    const timer = setInterval(
      () => {
        onPoll(target);
      },
      isOpen ? STATUS_MS : KEEPALIVE_MS,
    );
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [target, isOpen]);

  const casting = target !== null;
  const label = intl.formatMessage({ id: casting ? 'cast.buttonActive' : 'cast.button' });
  return (
    <>
      <button
        type="button"
        className={source.className}
        aria-label={source.showLabel ? undefined : label}
        aria-pressed={casting}
        aria-haspopup="dialog"
        data-testid="cast-button"
        onClick={() => {
          setOpen(true);
        }}
      >
        <CastIcon name={casting ? 'castConnected' : 'cast'} size={source.showLabel ? 20 : 24} />
        {source.showLabel && label}
      </button>
      {isOpen && (
        <Dialog
          title={intl.formatMessage({ id: 'cast.dialog.title' })}
          onClose={() => {
            setOpen(false);
          }}
          actions={
            <button
              type="button"
              className="btn btn--text"
              onClick={() => {
                setOpen(false);
              }}
            >
              {intl.formatMessage({ id: 'cast.dialog.close' })}
            </button>
          }
        >
          {target === null ? (
            <PairPanel
              onPaired={(receiverId) => {
                setCastTarget(receiverId);
                void load(receiverId);
              }}
            />
          ) : (
            <CastingPanel
              state={state}
              failed={failed}
              onShowHere={() => void load(target)}
              onSend={(message) => void send(target, message)}
              onStop={() => {
                void unpair(api, target).catch(() => undefined);
                setCastTarget(null);
                setState(null);
              }}
            />
          )}
        </Dialog>
      )}
    </>
  );
}

/** Where the TV's video is now: its last report, plus the time since while it plays. */
function livePosition(state: CastReceiverState | null): number {
  if (!state) return 0;
  const { playback } = state;
  const since = state.reported_at !== null && playback.playing ? Date.now() - state.reported_at : 0;
  return playback.position_ms + Math.max(0, since);
}

/** What the TV shows, and the sender's controls of it. */
function CastingPanel({
  state,
  failed,
  onShowHere,
  onSend,
  onStop,
}: {
  state: CastReceiverState | null;
  failed: boolean;
  onShowHere: () => void;
  onSend: (message: CastMessage) => void;
  onStop: () => void;
}) {
  const intl = useIntl();
  const playback = state?.playback;
  const hasQueue = (state?.count ?? 0) > 0;
  const positionNow = () => livePosition(state);
  const control = (icon: CastIconName, labelId: MessageId, message: () => CastMessage, pressed?: boolean) => (
    <button
      type="button"
      className="btn btn--secondary"
      aria-pressed={pressed}
      disabled={!hasQueue}
      onClick={() => {
        onSend(message());
      }}
    >
      <CastIcon name={icon} size={20} />
      {intl.formatMessage({ id: labelId })}
    </button>
  );
  return (
    <div>
      <p className="cast-status" role="status" data-testid="cast-status">
        {state && playback && hasQueue
          ? intl.formatMessage(
              { id: playback.playing ? 'cast.control.statusPlaying' : 'cast.control.statusPaused' },
              { current: playback.index + 1, count: state.count },
            )
          : intl.formatMessage({ id: 'cast.control.connected' })}
      </p>
      <div className="cast-controls">
        <button type="button" className="btn btn--primary" onClick={onShowHere}>
          <CastIcon name="cast" size={20} />
          {intl.formatMessage({ id: 'cast.control.showHere' })}
        </button>
        {control(
          playback?.playing ? 'pause' : 'play',
          playback?.playing ? 'cast.control.pause' : 'cast.control.play',
          () => ({ type: 'play_or_pause', playing: !(playback?.playing ?? false) }),
        )}
        {control('replay10', 'cast.control.rewind', () => ({
          type: 'seek',
          position_ms: Math.max(0, Math.round(positionNow() - SEEK_STEP_MS)),
        }))}
        {control('forward10', 'cast.control.forward', () => ({
          type: 'seek',
          position_ms: Math.round(positionNow() + SEEK_STEP_MS),
        }))}
        {control(
          'slideshow',
          'cast.control.slideshow',
          () => ({ type: 'autoplay_changed', autoplay: !(playback?.autoplay ?? false) }),
          playback?.autoplay ?? false,
        )}
        <button type="button" className="btn btn--danger" onClick={onStop}>
          {intl.formatMessage({ id: 'cast.control.stop' })}
        </button>
      </div>
      {failed && (
        <p className="cast-error" role="alert">
          {intl.formatMessage({ id: 'cast.control.failed' })}
        </p>
      )}
    </div>
  );
}
