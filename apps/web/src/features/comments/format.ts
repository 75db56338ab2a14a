/** spec 000 §9: a comment's relative time is refreshed every 10 seconds. */
export const RELATIVE_TIME_REFRESH_MS = 10_000;

/** A unit of Intl.RelativeTimeFormat the comment times use. */
export type RelativeUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

/** How long ago something happened: 'just now', or a whole number of one unit. */
export type RelativeTime = { kind: 'justNow' } | { kind: 'ago'; value: number; unit: RelativeUnit };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Calendar-free: a month of 30 days and a year of 365 are exact enough for "3 months ago".
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const STEPS: readonly (readonly [RelativeUnit, number, number])[] = [
  // unit, its length in seconds, the age from which the next unit takes over
  ['minute', MINUTE, HOUR],
  ['hour', HOUR, DAY],
  ['day', DAY, MONTH],
  ['month', MONTH, YEAR],
  ['year', YEAR, Infinity],
];

/**
 * How long before `nowMs` the time `timestamp` (seconds) was (spec 000 §9: minute up to
 * year, 'just now' under a minute), rounded down. A time ahead of the clock (a server clock
 * a little ahead of this one) counts as just now.
 */
export function relativeTime(timestamp: number, nowMs: number): RelativeTime {
  const age = Math.floor(nowMs / 1000 - timestamp);
  if (age < MINUTE) return { kind: 'justNow' };
  for (const [unit, length, until] of STEPS) {
    if (age < until) return { kind: 'ago', value: Math.floor(age / length), unit };
  }
  return { kind: 'ago', value: Math.floor(age / YEAR), unit: 'year' };
}

/** Which love line a file shows (spec 000 §9: singular, plural and you-and-others variants). */
export type LoveLine =
  | { id: 'comments.loves.count'; values: { count: number } }
  | { id: 'comments.loves.you'; values: Record<string, never> }
  /** `count`: the others. */
  | { id: 'comments.loves.youAndOthers'; values: { count: number } };

/**
 * The love count line of a file loved `count` times, `loved` by the caller among them; none
 * when nobody loves it. "1 love" / "5 loves"; "You love this"; "You and 4 others love this".
 */
export function loveLine(count: number, loved: boolean): LoveLine | undefined {
  if (count <= 0) return undefined;
  if (!loved) return { id: 'comments.loves.count', values: { count } };
  if (count === 1) return { id: 'comments.loves.you', values: {} };
  return { id: 'comments.loves.youAndOthers', values: { count: count - 1 } };
}
