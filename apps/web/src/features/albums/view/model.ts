/**
 * The album view's pure rules (spec 000 §3 Album / job info, §4 load status, §6 roles):
 * view mode and file sort defaults, the per-file flags, the job info error mapping and the
 * grid's sections. The hooks and components around them only wire queries and clicks.
 */
import {
  AlbumFileSort,
  AlbumViewMode,
  PUBLIC_JOB_AUTH_FAILED,
  SECURED_JOB_NO_ACCESS,
  type CurrentUserCan,
  type JobInfo,
  type TimelineMonth,
} from '@trove/contract';
import { HttpError } from '../../../api/http-error.ts';
import { sectionsOf, type TimelineSection } from '../../timeline/index.ts';

/**
 * The view mode of spec 000 §3: the stored value when it is grid or flow, else flow (a
 * stored value missing or invalid). New albums get grid: the create flow stores it.
 */
export function viewModeOf(stored: string | null | undefined): AlbumViewMode {
  const parsed = AlbumViewMode.safeParse(stored);
  return parsed.success ? parsed.data : 'flow';
}

/** The album's file sort (spec 000 §2, §9): its sort_order attribute, ADDED by default. */
export function fileSortOf(album: Pick<JobInfo, 'sort_order'>): AlbumFileSort {
  return album.sort_order ?? 'ADDED';
}

/**
 * The hash that starts the slideshow (spec 000 §2: /carousel/{albumId}/{fileId} with optional
 * hash autoPlay); the viewer's AUTO_PLAY_HASH, kept here so the album page does not load the viewer.
 */
export const AUTO_PLAY_HASH = '#autoPlay';

/** Every file sort, in the order the sort control lists them. */
export const FILE_SORTS = AlbumFileSort.options;

/** A flag a read-only user would have with a subscription (spec 000 §6): shown disabled. */
export function needsSubscription(can: Pick<CurrentUserCan, 'needsSubscription'>, flag: string): boolean {
  return can.needsSubscription.includes(flag);
}

/** The states of spec 000 §4 "Album/job load status" the logged-in album page tells apart. */
export type AlbumLoadStatus =
  | 'PENDING'
  | 'FETCHED'
  | 'NOT_FOUND'
  | 'PASSWORD_REQUIRED'
  | 'LOGIN_REQUIRED'
  | 'RECENTLY_DELETED'
  | 'FETCH_FAILED';

/**
 * spec 000 §4 "Job info fetch error mapping": 400/401/403 saying 'public job auth failed'
 * want the password; 'User does not have access to secured job' is a deleted album for a
 * signed-in user (a login gate otherwise); other 400/401/403 and 404 are not found; the
 * rest failed. The server's codes (password_required, secured_job) count as those messages.
 */
export function loadStatusOf(
  error: unknown,
  isLoggedIn: boolean,
): Exclude<AlbumLoadStatus, 'PENDING' | 'FETCHED'> {
  if (!(error instanceof HttpError)) return 'FETCH_FAILED';
  const { status, code, message } = error;
  if (status === 404) return 'NOT_FOUND';
  if (status !== 400 && status !== 401 && status !== 403) return 'FETCH_FAILED';
  if (code === 'password_required' || message.includes(PUBLIC_JOB_AUTH_FAILED)) return 'PASSWORD_REQUIRED';
  if (code === 'secured_job' || message.includes(SECURED_JOB_NO_ACCESS))
    return isLoggedIn ? 'RECENTLY_DELETED' : 'LOGIN_REQUIRED';
  return 'NOT_FOUND';
}

/** Key and bounds of the one section of an album sorted by date added (no month bounds). */
export const ADDED_SECTION = { key: 0, start: 0, end: 0 } as const;

/** Whether a section stands for the whole album rather than one month of taken time. */
export const isWholeAlbum = (section: Pick<TimelineMonth, 'start' | 'end'>) =>
  section.start === ADDED_SECTION.start && section.end === ADDED_SECTION.end;

/**
 * The grid's sections for a file sort: months of taken time, newest first (NEWEST_TAKEN)
 * or oldest first (OLDEST_TAKEN); ADDED has no months, so the album is one section (the
 * grid still draws only its visible rows, and its files load page by page) titled `title`.
 */
export function albumSections(
  months: readonly TimelineMonth[],
  sort: AlbumFileSort,
  title: string,
): TimelineSection[] {
  const sections = sectionsOf(months, 'all');
  switch (sort) {
    case 'NEWEST_TAKEN':
      return sections;
    case 'OLDEST_TAKEN':
      return sections.reverse();
    case 'ADDED': {
      const count = sections.reduce((sum, section) => sum + section.count, 0);
      if (count === 0) return [];
      return [{ ...ADDED_SECTION, count, year: 0, month: 0, title }];
    }
  }
}
