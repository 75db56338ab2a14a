import { HEADER_HEIGHT } from '@trove/contract';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  HINT_AUTO_HIDE_MS,
  createHints,
  createLocalHintStorage,
  type ScrollerHintMode,
} from '../selection/index.ts';
import { boxAt, type SectionBox } from './layout.ts';
import { fractionAt, readingLine, topAt, yearMarks } from './scroller-track.ts';
import type { TimelineSection } from './sections.ts';

/** Year labels closer than this (in px of the track) are thinned out. */
const MIN_LABEL_GAP_PX = 22;
/** The track spans the window below the 56 px header (spec 000 §2)... */
const HEADER_PX = HEADER_HEIGHT;
/** ...and above the page footer (its links and version), plus the gaps set in timeline.css. */
const TRACK_INSET_PX = HEADER_PX + 8 + 56;

/** Props of {@link FastScroller}. */
export interface FastScrollerProps {
  sections: readonly TimelineSection[];
  boxes: readonly SectionBox[];
  /** Virtual height of the grid and the virtual position of the top of the window. */
  total: number;
  top: number;
  viewportHeight: number;
  /** Collapsed: only the handle, with the date while dragging (spec 000 §2: side margin ≤ 70 px). */
  isCollapsed: boolean;
  /** Whether files are being selected: the hint shows once in each mode (spec 000 §4). */
  mode: ScrollerHintMode;
  onScrollTo: (virtualTop: number) => void;
}

/**
 * The year/month fast scroller (spec 000 §2) on the right edge: years placed where their
 * months start, the month under the pointer named while hovering or dragging, a drag (or
 * a click) jumps there. It works in virtual pixels, so it reaches the oldest month of a
 * million files as easily as the newest (see [Note: Timeline layout]). Keyboard: arrows
 * move a month, Home/End to either end.
 */
export function FastScroller(props: FastScrollerProps) {
  const { sections, boxes, total, top, viewportHeight, isCollapsed, onScrollTo } = props;
  const intl = useIntl();
  const trackRef = useRef<HTMLDivElement>(null);
  const [pointer, setPointer] = useState<number | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const isHintShown = useScrollerHint(props.mode);
  // See: [Note: Fast scroller track].
  const geometry = { total, viewportHeight, headerHeight: HEADER_PX };
  const fraction = fractionAt(top, geometry);
  const trackHeight = Math.max(1, viewportHeight - TRACK_INSET_PX);
  const years = useMemo(
    () => yearMarks(sections, boxes, total, trackHeight, MIN_LABEL_GAP_PX),
    [sections, boxes, total, trackHeight],
  );

  const label = (at: number) => {
    const section = sections[boxAt(boxes, readingLine(at, total))];
    if (!section) return '';
    return intl.formatDate(new Date(section.start * 1000), {
      year: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  };
  const fractionOf = (event: PointerEvent) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.height === 0) return 0;
    return Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height));
  };
  const jump = (at: number) => {
    onScrollTo(topAt(at, geometry));
  };
  // The month whose heading is at the header's lower edge (or just passed it).
  const current = boxAt(boxes, top + HEADER_PX);
  const handleKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: boxes.length - 1 }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    const box = boxes[Math.min(boxes.length - 1, Math.max(0, target))];
    if (box) onScrollTo(box.top - HEADER_PX);
  };
  const shown = isDragging ? fraction : pointer;

  return (
    <div
      ref={trackRef}
      className={`fast-scroller${isCollapsed ? ' fast-scroller--collapsed' : ''}`}
      role="scrollbar"
      aria-orientation="vertical"
      aria-label={intl.formatMessage({ id: 'timeline.scroller' })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
      aria-valuetext={label(fraction)}
      tabIndex={0}
      onKeyDown={handleKeyDown}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        setIsDragging(true);
        jump(fractionOf(event));
      }}
      onPointerMove={(event) => {
        const at = fractionOf(event);
        setPointer(at);
        if (isDragging) jump(at);
      }}
      onPointerUp={() => {
        setIsDragging(false);
      }}
      onPointerCancel={() => {
        setIsDragging(false);
      }}
      onPointerLeave={() => {
        setPointer(null);
      }}
    >
      {!isCollapsed &&
        years.map((year) => (
          <span
            key={year.year}
            className={
              year.hasLabel ? 'fast-scroller__year' : 'fast-scroller__year fast-scroller__year--tick'
            }
            style={{ top: `${String(year.at * 100)}%` }}
            title={String(year.year)}
          >
            {year.hasLabel ? year.year : null}
          </span>
        ))}
      <span className="fast-scroller__thumb" style={{ top: `${String(fraction * 100)}%` }} />
      {isHintShown && (
        <span className="fast-scroller__hint" role="status">
          {intl.formatMessage({ id: 'timeline.hint.scroller' })}
        </span>
      )}
      {shown !== null && (
        <span className="fast-scroller__label" style={{ top: `${String(shown * 100)}%` }} aria-hidden="true">
          {label(shown)}
        </span>
      )}
    </div>
  );
}

/** The hints are remembered locally, once per page load too. */
const hints = createHints(createLocalHintStorage());

/** The fast-scroller hint: once per mode, stored locally, hidden after 3 s (spec 000 §4, §9). */
function useScrollerHint(mode: ScrollerHintMode): boolean {
  const [seenMode, setSeenMode] = useState<ScrollerHintMode | null>(null);
  const [isShown, setIsShown] = useState(false);
  // A new mode is decided while rendering (the React pattern for state derived from props).
  if (seenMode !== mode) {
    setSeenMode(mode);
    setIsShown(hints.takeFastScrollerHint(mode));
  }
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(() => {
      setIsShown(false);
    }, HINT_AUTO_HIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [isShown]);
  return isShown;
}
