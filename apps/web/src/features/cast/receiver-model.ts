import {
  CAST_IMAGE_DURATION_MS,
  CAST_PRELOAD_COUNT,
  CAST_VIDEO_END_DELAY_MS,
  type CastItem,
  type CastPlayback,
  type CastReceiverView,
} from '@trove/contract';

/*
 * The TV receiver's state (issue #27, spec 000 §7, §9), pure: what the sender's messages
 * and the receiver's own steps make of it. The page (TvReceiverPage) renders it and says
 * where it is after each local step.
 */

/** An item and when its URLs arrived: they are kept while they live, so the TV's cache holds. */
interface HeldItem {
  item: CastItem;
  receivedAt: number;
}

export interface ReceiverState {
  paired: boolean;
  /** The sender's last message applied; -1 before any view. */
  serial: number;
  jobId: string | null;
  count: number;
  playback: CastPlayback;
  /**
   * Bumped whenever the position is to be applied to the video on screen: a load (the
   * sender's position) or a seek.
   */
  seekToken: number;
  items: ReadonlyMap<number, HeldItem>;
}

export const INITIAL_RECEIVER: ReceiverState = {
  paired: false,
  serial: -1,
  jobId: null,
  count: 0,
  playback: { index: 0, playing: false, autoplay: false, position_ms: 0 },
  seekToken: 0,
  items: new Map(),
};

/** URLs live 20 to 30 minutes (the server's CAST_URL_LIFETIME); taken afresh after 10. */
const KEEP_URLS_MS = 10 * 60_000;

/**
 * A view from the server applied: a sender's message (its serial grew) sets the playback;
 * items merge, keeping the URLs already held for the same file while they live.
 */
export function applyView(state: ReceiverState, view: CastReceiverView, now: number): ReceiverState {
  const fromSender = view.serial !== state.serial || view.job_id !== state.jobId;
  // Only a load or a seek moves the video; a pause keeps it where it is.
  const moves =
    fromSender &&
    (view.job_id !== state.jobId ||
      view.playback.index !== state.playback.index ||
      view.playback.position_ms !== state.playback.position_ms);
  const items = new Map(view.job_id === state.jobId ? state.items : []);
  for (const item of view.items) {
    const held = items.get(item.index);
    if (held?.item.file_id === item.file_id && now - held.receivedAt < KEEP_URLS_MS) continue;
    items.set(item.index, { item, receivedAt: now });
  }
  return {
    paired: view.paired,
    serial: view.serial,
    jobId: view.job_id,
    count: view.count,
    playback: fromSender ? view.playback : state.playback,
    seekToken: moves ? state.seekToken + 1 : state.seekToken,
    items,
  };
}

/** The item on screen, once its URLs arrived. */
export function currentItem(state: ReceiverState): CastItem | undefined {
  return state.items.get(state.playback.index)?.item;
}

/** Steps `delta` items, wrapping as the slideshow does (spec 000 §4); a new item starts at 0. */
export function stepBy(state: ReceiverState, delta: number): ReceiverState {
  if (state.count === 0) return state;
  const index = (((state.playback.index + delta) % state.count) + state.count) % state.count;
  return { ...state, playback: { ...state.playback, index, position_ms: 0 } };
}

/**
 * The remote's keys (spec 000 §9 "remote keys b, p, s for back, play/pause, stop"; arrows for
 * direction). On the receiver: b goes back one item, p plays or pauses, s stops (pauses,
 * ends the slideshow, and a video returns to its start); the arrows step.
 */
export type RemoteAction = 'next' | 'previous' | 'playPause' | 'stop';

const KEYS: Partial<Record<string, RemoteAction>> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  b: 'previous',
  B: 'previous',
  BrowserBack: 'previous',
  p: 'playPause',
  P: 'playPause',
  MediaPlayPause: 'playPause',
  s: 'stop',
  S: 'stop',
  MediaStop: 'stop',
};

export function remoteActionOf(key: string): RemoteAction | undefined {
  return KEYS[key];
}

/** The state after a remote key. */
export function applyRemote(state: ReceiverState, action: RemoteAction): ReceiverState {
  switch (action) {
    case 'next':
      return stepBy(state, 1);
    case 'previous':
      return stepBy(state, -1);
    case 'playPause':
      return { ...state, playback: { ...state.playback, playing: !state.playback.playing } };
    case 'stop':
      return {
        ...state,
        playback: { ...state.playback, playing: false, autoplay: false, position_ms: 0 },
        seekToken: state.seekToken + 1,
      };
  }
}

/**
 * How long the item on screen stays before the slideshow moves on (spec 000 §9): 5000 ms a
 * picture, 1 ms after a video ended; null while nothing is to advance.
 */
export function slideDelayOf(state: ReceiverState, videoEnded: boolean): number | null {
  const { playing, autoplay } = state.playback;
  const item = currentItem(state);
  if (!playing || !autoplay || !item) return null;
  if (item.type === 'Movies') return videoEnded ? CAST_VIDEO_END_DELAY_MS : null;
  return CAST_IMAGE_DURATION_MS;
}

/** The next CAST_PRELOAD_COUNT items after the one on screen (spec 000 §9), as far as known. */
export function preloadItems(state: ReceiverState): CastItem[] {
  const out: CastItem[] = [];
  for (let step = 1; step <= Math.min(CAST_PRELOAD_COUNT, state.count - 1); step++) {
    const item = state.items.get((state.playback.index + step) % state.count)?.item;
    if (item) out.push(item);
  }
  return out;
}
