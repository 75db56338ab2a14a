import { z } from 'zod/mini';
import { Locale } from './locales.ts';
import { isPlainText } from './text.ts';

/*
 * Terms of service with versions and full-screen message cards (spec 001 §2, §3, §4, §7;
 * issue #24). The operator publishes a version of the terms with its text per language;
 * `account_info.tos_to_approve` names the latest one the user has not accepted, and
 * `approve_tos` accepts only that one. Cards are written by the operator for an audience and
 * a time window, shown after the terms in the modal queue (spec 001 §4).
 */

/** A version label of the terms: chosen by the operator, e.g. `2026-12` or `v3.1`. */
export const TosVersionLabel = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'letters, digits, dot, dash or underscore, at most 40'),
  );

/** The terms object of spec 001 §3: the version awaiting approval. */
export const TosObject = z.object({ version: z.string() });
export type TosObject = z.infer<typeof TosObject>;

/** POST /approve_tos (spec 001 §7). */
export const ApproveTosBody = z.object({ tos_version: z.string().check(z.maxLength(40)) });
export type ApproveTosBody = z.infer<typeof ApproveTosBody>;

/** Longest text of one language of the terms. */
export const MAX_TOS_TEXT_LENGTH = 100_000;

/** Text may hold line breaks and tabs, no other control character. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const isText = (value: string) => value.isWellFormed() && !TEXT_CONTROL.test(value);

/** GET /tos/{version}?app_lang=: one version's text in the asked language, else English. */
export const TosDocument = z.object({
  version: z.string(),
  /** Seconds since the epoch. */
  published_at: z.number(),
  /** The language of `text`: the one asked for when the version has it. */
  locale: Locale,
  text: z.string(),
});
export type TosDocument = z.infer<typeof TosDocument>;

/** The text of each language of one version; English at least, the fallback of the others. */
export const TosTexts = z
  .partialRecord(
    Locale,
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(MAX_TOS_TEXT_LENGTH),
        z.refine(isText, 'must not contain control characters'),
      ),
  )
  .check(
    z.refine((texts) => texts.en_US !== undefined, {
      message: 'an English text is required',
      path: ['en_US'],
    }),
  );
export type TosTexts = z.infer<typeof TosTexts>;

// --- Full-screen cards -------------------------------------------------------------------

/** The illustrations a card may show (spec 001 §3). */
export const CardIllustration = z.enum(['backup', 'info', 'photos', 'subscriptions', 'warning']);
export type CardIllustration = z.infer<typeof CardIllustration>;

/** How an action's URL opens (spec 001 §3 "internal navigation, new tab, redirect"). */
export const CardActionType = z.enum(['internal_navigation', 'new_tab', 'redirect']);
export type CardActionType = z.infer<typeof CardActionType>;

/** Longest action URL. */
export const MAX_CARD_URL_LENGTH = 2000;

/**
 * An in-app route: a path of this app, never another origin. `//host` and `/\host` are
 * read by browsers as another host, so a second slash or any backslash is refused, and so
 * are spaces and control characters.
 */
export function isInAppRoute(url: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(url) && isPlainText(url);
}

/** An absolute http(s) URL; `javascript:`, `data:` and every other scheme are refused. */
export function isWebUrl(url: string): boolean {
  if (!/^https?:\/\/[^\s\\]+$/i.test(url) || !isPlainText(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * May a card's action of this type open this URL (issue #24)? Internal navigation only to an
 * in-app route; a new tab or a redirect to an in-app route or an http(s) URL. A card is the
 * operator's text shown full screen, so a `javascript:` URL must be impossible on the wire.
 */
export function isCardActionUrl(actionType: CardActionType, url: string): boolean {
  if (url.length > MAX_CARD_URL_LENGTH) return false;
  return actionType === 'internal_navigation' ? isInAppRoute(url) : isInAppRoute(url) || isWebUrl(url);
}

export const CardWebAction = z.object({ action_type: CardActionType, url: z.string() }).check(
  z.refine((action) => isCardActionUrl(action.action_type, action.url), {
    message: 'an in-app route (internal navigation), or an http(s) URL',
    path: ['url'],
  }),
);
export type CardWebAction = z.infer<typeof CardWebAction>;

const cardText = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(max),
      z.refine(isText, 'must not contain control characters'),
    );

export const CardCta = z.object({
  label: cardText(60),
  /** The card is dismissed for good when this button is used. */
  dismiss_on_tap: z.boolean(),
  web_action: CardWebAction,
});
export type CardCta = z.infer<typeof CardCta>;

/** What a card shows (spec 001 §3 Message card client_values). */
export const CardClientValues = z.object({
  title: cardText(120),
  illustration: CardIllustration,
  body: cardText(2000),
  primary_cta: CardCta,
  secondary_cta: z.optional(z.nullable(CardCta)),
});
export type CardClientValues = z.infer<typeof CardClientValues>;

/** One card (spec 001 §3): its id and what it shows. */
export const FullScreenCard = z.object({ card_id: z.string(), client_values: CardClientValues });
export type FullScreenCard = z.infer<typeof FullScreenCard>;

/** GET /v2/full_screen_cards (spec 001 §7): the cards the caller has not dismissed, oldest first. */
export const FullScreenCardsResponse = z.object({ backend_controlled_cards: z.array(FullScreenCard) });
export type FullScreenCardsResponse = z.infer<typeof FullScreenCardsResponse>;

/**
 * Query of GET /v2/full_screen_cards and GET /tos/{version}: the UI language, for cards
 * written for one and for the text of the terms.
 */
export const AppLangQuery = z.object({ app_lang: z.optional(z.string().check(z.maxLength(10))) });
