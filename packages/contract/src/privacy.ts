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

/** Where a consent event was said (see the server's [Note: Consent events]). */
export const CONSENT_SOURCES = ['settings', 'email_consent', 'one_click', 'migrated'] as const;
export const ConsentSource = z.enum(CONSENT_SOURCES);
export type ConsentSource = z.infer<typeof ConsentSource>;

/** One thing the user said about a consent, and when (milliseconds since the epoch). */
export const ConsentEvent = z.object({
  key: ConsentKey,
  value: z.boolean(),
  source: ConsentSource,
  at: z.int(),
});
export type ConsentEvent = z.infer<typeof ConsentEvent>;

/** Answer of GET /data_protection/consent_history (issue #24): every event, oldest first. */
export const ConsentHistory = z.object({ events: z.array(ConsentEvent) });
export type ConsentHistory = z.infer<typeof ConsentHistory>;

/** The consent the e-mail consent and unsubscribe flow changes (spec 001 §3). */
export const EMAIL_CONSENT_KEY = 'stay_up_to_date__email' satisfies ConsentKey;

/** The unsubscribe link of List-Unsubscribe: GET shows the page, POST is RFC 8058 one-click. */
export const EMAIL_CONSENT_ONE_CLICK_PATH = '/user/email_consent/one_click';

/** A signed e-mail consent identifier (spec 001 §3 email_consent_identifier); opaque to clients. */
export const EmailConsentIdentifier = z.string().check(z.minLength(16), z.maxLength(512));

/** Query of GET /user/email_consent (spec 001 §7). */
export const EmailConsentQuery = z.object({ email_consent_identifier: EmailConsentIdentifier });
export type EmailConsentQuery = z.infer<typeof EmailConsentQuery>;

/** POST /user/email_consent (spec 001 §7): the unsubscribe page's Stay or Unsubscribe. */
export const EmailConsentBody = z.object({
  email_consent_identifier: EmailConsentIdentifier,
  email_consent: z.boolean(),
});
export type EmailConsentBody = z.infer<typeof EmailConsentBody>;

/** Answer of GET and POST /user/email_consent. */
export const EmailConsentResponse = z.object({ email_consent: z.boolean() });
export type EmailConsentResponse = z.infer<typeof EmailConsentResponse>;

/** Answer of GET /test/email_consent_id (spec 001 §7, test only): the caller's identifier. */
export const EmailConsentIdResponse = z.object({ email_consent_identifier: z.string() });
export type EmailConsentIdResponse = z.infer<typeof EmailConsentIdResponse>;

/** Most values one POST /client_stats may carry. */
export const MAX_CLIENT_STATS = 50;

/** POST /client_stats (spec 001 §7, payload not shown): flat named figures of the client. */
export const ClientStatsBody = z.object({
  stats: z
    .record(
      z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'Stat names are snake_case, 1 to 64 characters')),
      z.union([z.string().check(z.maxLength(256)), z.number(), z.boolean()]),
    )
    .check(
      z.refine((stats) => Object.keys(stats).length <= MAX_CLIENT_STATS, {
        message: `At most ${String(MAX_CLIENT_STATS)} stats`,
      }),
    ),
});
export type ClientStatsBody = z.infer<typeof ClientStatsBody>;

/** Answer of POST /client_stats: whether they were kept (false without help_us_improve). */
export const ClientStatsResponse = z.object({ accepted: z.boolean() });
export type ClientStatsResponse = z.infer<typeof ClientStatsResponse>;

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
