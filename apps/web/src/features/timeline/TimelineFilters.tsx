import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { isRecents, type RecentsView, type TimelineView } from './sections.ts';

const MAIN: readonly ('all' | 'only_images' | 'only_videos' | 'recents' | 'screenshots')[] = [
  'all',
  'only_images',
  'only_videos',
  'recents',
  'screenshots',
];
const RECENTS: readonly RecentsView[] = ['recents_1', 'recents_7', 'recents_30'];

/** Props of {@link TimelineFilters}. */
export interface TimelineFiltersProps {
  view: TimelineView;
  /** Counts of the recents windows, once the recents list has loaded. */
  recentCounts: Record<RecentsView, number> | undefined;
  /** `recents` alone lets the page choose the window (spec 000 §9: 7, then 1, then 30). */
  onChange: (view: TimelineView | 'recents') => void;
}

/** Which ends of a row scrolled sideways hide chips: `none`, `start`, `end` or `both`. */
type Overflow = 'none' | 'start' | 'end' | 'both';

/**
 * Where the row behind `ref` has chips out of sight. On a phone the filters are one row
 * that scrolls sideways; the hidden side fades out, so a cut chip reads as "more this way".
 */
function useOverflow(ref: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>('none');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow(before && after ? 'both' : before ? 'start' : after ? 'end' : 'none');
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return overflow;
}

/** A labelled row of chips that says on which side chips are out of sight (`data-overflow`). */
function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(ref);
  return (
    <div ref={ref} role="group" aria-label={label} className="chips" data-overflow={overflow}>
      {children}
    </div>
  );
}

/** The timeline filters of spec 000 §2 as toggle chips; recents add their three windows. */
export function TimelineFilters({ view, recentCounts, onChange }: TimelineFiltersProps) {
  const intl = useIntl();
  const chip = (key: TimelineView | 'recents', label: string, isPressed: boolean) => (
    <button
      key={key}
      type="button"
      className="chip"
      aria-pressed={isPressed}
      onClick={() => {
        onChange(key);
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="timeline-filters">
      <ChipRow label={intl.formatMessage({ id: 'timeline.filters' })}>
        {MAIN.map((key) =>
          chip(
            key,
            intl.formatMessage({ id: `timeline.filter.${key}` }),
            key === 'recents' ? isRecents(view) : view === key,
          ),
        )}
      </ChipRow>
      {isRecents(view) && recentCounts && (
        <ChipRow label={intl.formatMessage({ id: 'timeline.filter.recents' })}>
          {RECENTS.map((key) =>
            chip(
              key,
              intl.formatMessage({ id: `timeline.filter.${key}` }, { count: recentCounts[key] }),
              view === key,
            ),
          )}
        </ChipRow>
      )}
    </div>
  );
}
