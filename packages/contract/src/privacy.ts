import { z } from 'zod/mini';

/**
 * The privacy consents of spec 001 "Privacy consents": image content categorisation,
 * advanced filtering (also memories), face grouping, data for improvement, and the
 * stay-up-to-date channels (marketing contact).
 */
export const CONSENT_KEYS = [
  'facial_recognition',
  'advanced_filtering_and_categorization',
  'face_grouping',
  'help_us_improve',
  'stay_up_to_date__email',
  'stay_up_to_date__push_notification',
  'stay_up_to_date__sms',
] as const;
export const ConsentKey = z.enum(CONSENT_KEYS, {
  error: `Unknown consent key; expected one of ${CONSENT_KEYS.join(', ')}`,
});
export type ConsentKey = z.infer<typeof ConsentKey>;

/** One consent and whether the user gave it. */
export const ConsentValue = z.object({ key: ConsentKey, value: z.boolean() });
export type ConsentValue = z.infer<typeof ConsentValue>;

/** Answer of GET and POST /data_protection/consent_values (spec 001 §7): every key, in order. */
export const ConsentValues = z.object({ consents: z.array(ConsentValue) });
export type ConsentValues = z.infer<typeof ConsentValues>;

/** POST /data_protection/consent_values (spec 001 §7): one key with a boolean. */
export const SetConsentBody = ConsentValue;
export type SetConsentBody = z.infer<typeof SetConsentBody>;

/**
 * Service of account info `permitted_services` (spec 001 §3) that the help_us_improve
 * consent grants: the client reports usage events only while it is listed.
 */
export const ANALYTICS_SERVICE = 'analytics';

/** Most events one POST /user_statistics_events may carry. */
export const MAX_STATISTICS_EVENTS = 50;
/** Most bytes of one event as UTF-8 JSON. */
export const MAX_STATISTICS_EVENT_BYTES = 2048;
/** Event names: snake_case, as the analytics backend keys them. */
export const STATISTICS_EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** One usage event: flat properties only, so no nested personal data rides along. */
export const StatisticsEvent = z
  .object({
    name: z.string().check(z.regex(STATISTICS_EVENT_NAME, 'Event names are snake_case, 1 to 64 characters')),
    /** The page's path, ids replaced by placeholders (see {@link pathForAnalytics}). */
    path: z.optional(z.string().check(z.maxLength(1024))),
    props: z.optional(
      z.record(
        z.string().check(z.minLength(1), z.maxLength(64)),
        z.union([z.string(), z.number(), z.boolean()]),
      ),
    ),
    /** When it happened on the client, milliseconds since the epoch. */
    time: z.optional(z.int().check(z.nonnegative())),
  })
  .check(
    z.refine((event) => utf8Length(JSON.stringify(event)) <= MAX_STATISTICS_EVENT_BYTES, {
      message: `An event is at most ${MAX_STATISTICS_EVENT_BYTES} bytes of JSON`,
    }),
  );
export type StatisticsEvent = z.infer<typeof StatisticsEvent>;

/** POST /user_statistics_events (spec 001 §7). */
export const StatisticsEventsBody = z.object({
  events: z.array(StatisticsEvent).check(z.maxLength(MAX_STATISTICS_EVENTS)),
});
export type StatisticsEventsBody = z.infer<typeof StatisticsEventsBody>;

/** Answer of POST /user_statistics_events: how many events were kept (0 without consent). */
export const StatisticsEventsResponse = z.object({ accepted: z.int().check(z.nonnegative()) });
export type StatisticsEventsResponse = z.infer<typeof StatisticsEventsResponse>;

/**
 * Which id each segment after a route's first segment holds (spec 000 §2 routes), so the
 * placeholder says what was there.
 */
const ID_SEGMENTS = new Map<string, readonly ('{jobId}' | '{fileId}')[]>([
  ['photos', ['{fileId}']],
  ['albums', ['{jobId}']],
  ['a', ['{jobId}', '{fileId}']],
  ['addPhotos', ['{jobId}']],
  ['comments', ['{jobId}', '{fileId}']],
  ['albumImage', ['{jobId}', '{fileId}']],
  ['carousel', ['{jobId}', '{fileId}']],
  ['jobs', ['{jobId}']],
  // A share's id is its link's secret: it never reaches analytics, whatever it looks like.
  ['share', ['{jobId}']],
  ['selectPhotos', ['{jobId}']],
]);
/** Words of spec 000 §2 routes that sit where an id may sit (`/a/{albumId}/createNew`). */
const ROUTE_WORDS = new Set(['edit', 'addPhotos', 'createNew', 'subscribe', 'copyAlbum', 'copyShare']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long token with a digit: random ids, base64 album ids. Route words have no digits. */
const LONG_ID = /^(?=.*\d)[A-Za-z0-9_=+%-]{12,}$/;

/**
 * The path of a page as analytics may see it (spec 000 §2 helper rules: job ids and file
 * ids in paths are replaced by placeholders before paths are reported). Where a route holds
 * an id, any segment but a route word is replaced (`/photos/x` → `/photos/{fileId}`);
 * elsewhere, segments that look like ids become `{id}`. Query and hash are dropped: they
 * can carry ids too (albumIDB64).
 */
export function pathForAnalytics(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/');
  const slots = ID_SEGMENTS.get(segments[1] ?? '') ?? [];
  return segments
    .map((segment, index) => {
      const slot = index >= 2 ? slots[index - 2] : undefined;
      if (slot && segment !== '' && !ROUTE_WORDS.has(segment)) return slot;
      return UUID.test(segment) || LONG_ID.test(segment) ? '{id}' : segment;
    })
    .join('/');
}

/** Bytes of `text` as UTF-8; the contract has no TextEncoder (it runs on zod alone). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
