/**
 * The viewer's pure rules (spec 000 §4 Carousel and Video transcode, §9 slideshow): where a
 * step leads in timeline order, how long a slide stays, and the transcode state machine.
 * The hooks around them only wire timers, queries and navigation.
 */

/** One month of the carousel: a timeline month with something to show, newest first. */
export interface CarouselMonth {
  start: number;
  end: number;
}

/** What the carousel knows: its months, and the files of those that are loaded. */
export interface CarouselView {
  months: readonly CarouselMonth[];
  /** The files of the month starting at `start`, newest taken first; undefined until loaded. */
  filesOf: (start: number) => readonly { id: string }[] | undefined;
}

/** Where the current file sits: its month's index in `months`, its index in the month. */
export interface Position {
  monthIndex: number;
  fileIndex: number;
}

/** Moves of spec 000 §4 Carousel: next/previous (arrows, buttons, timer), first/last (Home/End). */
export type Step = 'next' | 'previous' | 'first' | 'last';

/** The first or last file of a month. */
export type Edge = 'first' | 'last';

/**
 * Where a step leads: a file; or a month that must load first, whose first or last file it
 * is; or nowhere (the end of the timeline without wrapping).
 */
export type Target =
  { kind: 'file'; fileId: string } | { kind: 'month'; start: number; edge: Edge } | { kind: 'none' };

/** The position of `fileId` in the month starting at `monthStart`, once that month is loaded. */
export function positionOf(view: CarouselView, monthStart: number, fileId: string): Position | undefined {
  const monthIndex = view.months.findIndex((month) => month.start === monthStart);
  const month = view.months[monthIndex];
  if (!month) return undefined;
  const fileIndex = view.filesOf(month.start)?.findIndex((file) => file.id === fileId) ?? -1;
  return fileIndex === -1 ? undefined : { monthIndex, fileIndex };
}

/**
 * The first or last file of month `monthIndex`. A month that turns out empty (its files went
 * since the counts were fetched) is skipped towards the inside of the timeline.
 */
export function edgeOfMonth(view: CarouselView, monthIndex: number, edge: Edge): Target {
  for (let index = monthIndex; index >= 0 && index < view.months.length; index += edge === 'first' ? 1 : -1) {
    const month = view.months[index];
    if (!month) break;
    const files = view.filesOf(month.start);
    if (files === undefined) return { kind: 'month', start: month.start, edge };
    const file = edge === 'first' ? files[0] : files[files.length - 1];
    if (file) return { kind: 'file', fileId: file.id };
  }
  return { kind: 'none' };
}

/**
 * Where `step` leads from `position` in timeline order (newest taken first). Across a month
 * boundary it takes the adjacent month's first or last file. With `wrap` (the slideshow),
 * next after the last file is the first and previous before the first is the last.
 */
export function targetOf(view: CarouselView, position: Position, step: Step, wrap = false): Target {
  const last = view.months.length - 1;
  switch (step) {
    case 'first':
      return edgeOfMonth(view, 0, 'first');
    case 'last':
      return edgeOfMonth(view, last, 'last');
    case 'next': {
      const month = view.months[position.monthIndex];
      const file = month && view.filesOf(month.start)?.[position.fileIndex + 1];
      if (file) return { kind: 'file', fileId: file.id };
      if (position.monthIndex < last) return edgeOfMonth(view, position.monthIndex + 1, 'first');
      return wrap ? edgeOfMonth(view, 0, 'first') : { kind: 'none' };
    }
    case 'previous': {
      const month = view.months[position.monthIndex];
      const file = month && position.fileIndex > 0 && view.filesOf(month.start)?.[position.fileIndex - 1];
      if (file) return { kind: 'file', fileId: file.id };
      if (position.monthIndex > 0) return edgeOfMonth(view, position.monthIndex - 1, 'last');
      return wrap ? edgeOfMonth(view, last, 'last') : { kind: 'none' };
    }
  }
}

/**
 * Where the viewer goes after the current file was deleted (spec 000 §4 Carousel: it moves
 * on, or leaves when no files remain): the next file, else the previous one, else nowhere.
 */
export function targetAfterDelete(view: CarouselView, position: Position): Target {
  const next = targetOf(view, position, 'next');
  return next.kind === 'none' ? targetOf(view, position, 'previous') : next;
}

// --- Slideshow (spec 000 §9) ---

/** A picture stays this long in the slideshow (spec 000 §9). */
export const SLIDESHOW_INTERVAL_MS = 5000;
/** The slideshow moves on this long after a video finished (spec 000 §9). */
export const SLIDESHOW_AFTER_VIDEO_MS = 1;

/** Video play status of spec 000 §4 Carousel. */
export type PlayStatus = 'playing' | 'paused' | 'finished';

/** What the slideshow needs to know about the file on screen. */
export interface SlideState {
  isVideo: boolean;
  encoding?: EncodingStatus | undefined;
  play?: PlayStatus | undefined;
}

/**
 * How long until the slideshow moves on from the file on screen, or null to wait for a
 * playing video to finish. A video that cannot play (still processing, failed) stays as
 * long as a picture, so the slideshow never stalls on it.
 */
export function slideDelay(slide: SlideState): number | null {
  if (!slide.isVideo) return SLIDESHOW_INTERVAL_MS;
  switch (slide.encoding) {
    case 'FETCHING':
      return null;
    case 'ENCODED':
      return slide.play === 'finished' ? SLIDESHOW_AFTER_VIDEO_MS : null;
    case 'PROCESSING':
    case 'ERROR':
    case undefined:
      return SLIDESHOW_INTERVAL_MS;
  }
}

// --- Video transcode (spec 000 §4) ---

/** encodingStatus of spec 000 §3 File. */
export type EncodingStatus = 'FETCHING' | 'PROCESSING' | 'ENCODED' | 'ERROR';

/** The transcode state: the status, and how many checks answered queued (each asks for another). */
export interface TranscodeState {
  status: EncodingStatus;
  round: number;
}

/** Events of the transcode machine. */
export type TranscodeEvent =
  { type: 'start' } | { type: 'answered'; result: string } | { type: 'failed' } | { type: 'slow' };

/** Queued re-checks wait at least this long (spec 000 §9 video check retry 1 s). */
export const VIDEO_RECHECK_MS = 1000;
/** A check still running after this long shows PROCESSING (spec 000 §9). */
export const VIDEO_SLOW_CHECK_MS = 2000;

/** The state before the first check. */
export const INITIAL_TRANSCODE: TranscodeState = { status: 'FETCHING', round: 0 };

/**
 * spec 000 §4 Video transcode: start gives FETCHING; a check answered queued gives
 * PROCESSING and another check (a new round); ready gives ENCODED; any other answer, or a
 * failed check, gives ERROR; a check taking over 2 s (`slow`) shows PROCESSING meanwhile.
 * ENCODED and ERROR are final until the next start.
 */
export function transcodeReducer(state: TranscodeState, event: TranscodeEvent): TranscodeState {
  if (event.type === 'start') return INITIAL_TRANSCODE;
  if (state.status === 'ENCODED' || state.status === 'ERROR') return state;
  switch (event.type) {
    case 'answered':
      if (event.result === 'queued') return { status: 'PROCESSING', round: state.round + 1 };
      return { ...state, status: event.result === 'ready' ? 'ENCODED' : 'ERROR' };
    case 'failed':
      return { ...state, status: 'ERROR' };
    case 'slow':
      return state.status === 'FETCHING' ? { ...state, status: 'PROCESSING' } : state;
  }
}
