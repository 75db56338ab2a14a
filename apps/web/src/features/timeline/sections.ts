import type { RemoteFile, TimelineFilter, TimelineMonth } from '@trove/contract';
import type { GridSection } from './layout.ts';

/** The timeline filters of spec 000 §2: the type filters and the three recents windows. */
export const TIMELINE_VIEWS = [
  'all',
  'only_images',
  'only_videos',
  'recents_1',
  'recents_7',
  'recents_30',
  'screenshots',
] as const;
export type TimelineView = (typeof TIMELINE_VIEWS)[number];
export type RecentsView = Extract<TimelineView, `recents_${string}`>;
export const RECENTS_DAYS: Record<RecentsView, number> = { recents_1: 1, recents_7: 7, recents_30: 30 };

export const isRecents = (view: TimelineView): view is RecentsView => view.startsWith('recents_');

/** One month of the grid. `files` is set when they are known up front (recents). */
export interface TimelineSection extends GridSection {
  /** The header's text when it is not the month's name (an album sorted by date added). */
  title?: string;
  year: number;
  month: number;
  start: number;
  end: number;
  files?: RemoteFile[];
}

/** How many files of a month a type filter shows (documents never: they have their own page). */
export function countFor(month: TimelineMonth, filter: TimelineFilter): number {
  switch (filter) {
    case 'all':
      return month.pictures + month.videos + month.screenshots;
    case 'only_images':
      return month.pictures + month.screenshots;
    case 'only_videos':
      return month.videos;
    case 'screenshots':
      return month.screenshots;
  }
}

/** The grid's sections for a type filter: every month with something to show, newest first. */
export function sectionsOf(months: readonly TimelineMonth[], filter: TimelineFilter): TimelineSection[] {
  return months
    .map((month) => ({
      key: month.start,
      count: countFor(month, filter),
      year: month.year,
      month: month.month,
      start: month.start,
      end: month.end,
    }))
    .filter((section) => section.count > 0);
}

const DAY_S = 86_400;

/** Files of the recents list uploaded within the last `days` days. */
const uploadedWithin = (files: readonly RemoteFile[], days: number, nowS: number) =>
  files.filter((file) => file.uploaded >= nowS - days * DAY_S);

/** Counts for the 1, 7 and 30 day recents filters (spec 000 §9). */
export function recentCounts(files: readonly RemoteFile[], nowS: number): Record<RecentsView, number> {
  return {
    recents_1: uploadedWithin(files, 1, nowS).length,
    recents_7: uploadedWithin(files, 7, nowS).length,
    recents_30: uploadedWithin(files, 30, nowS).length,
  };
}

/** The recents filter to open with: 7 days, else 1, else 30 (spec 000 §9). */
export function defaultRecents(counts: Record<RecentsView, number>): RecentsView {
  if (counts.recents_7 > 0) return 'recents_7';
  if (counts.recents_1 > 0) return 'recents_1';
  return 'recents_30';
}

/** Recent files (newest taken first) grouped into month sections that carry their files. */
export function recentSections(
  files: readonly RemoteFile[],
  view: RecentsView,
  nowS: number,
): TimelineSection[] {
  const sections: TimelineSection[] = [];
  for (const file of uploadedWithin(files, RECENTS_DAYS[view], nowS)) {
    const date = new Date(file.taken * 1000);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const start = Date.UTC(year, month - 1, 1) / 1000;
    let section = sections.at(-1);
    if (section?.start !== start) {
      section = { key: start, count: 0, year, month, start, end: Date.UTC(year, month, 1) / 1000, files: [] };
      sections.push(section);
    }
    section.files?.push(file);
    section.count += 1;
  }
  return sections;
}
