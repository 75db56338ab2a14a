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
      <div role="group" aria-label={intl.formatMessage({ id: 'timeline.filters' })} className="chips">
        {MAIN.map((key) =>
          chip(
            key,
            intl.formatMessage({ id: `timeline.filter.${key}` }),
            key === 'recents' ? isRecents(view) : view === key,
          ),
        )}
      </div>
      {isRecents(view) && recentCounts && (
        <div
          role="group"
          aria-label={intl.formatMessage({ id: 'timeline.filter.recents' })}
          className="chips"
        >
          {RECENTS.map((key) =>
            chip(
              key,
              intl.formatMessage({ id: `timeline.filter.${key}` }, { count: recentCounts[key] }),
              view === key,
            ),
          )}
        </div>
      )}
    </div>
  );
}
