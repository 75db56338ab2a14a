import { z } from 'zod/mini';

/** The four languages of the product (spec 001 §3, §9). */
export const Locale = z.enum(['en_US', 'nb_NO', 'sv_SE', 'bg_BG']);
export type Locale = z.infer<typeof Locale>;

export const LOCALES = Locale.options;

/** Name of each language in itself, as the language picker shows it (spec 001 §3). */
export const LOCALE_NAMES: Record<Locale, string> = {
  nb_NO: 'Norsk',
  en_US: 'English',
  sv_SE: 'Svenska',
  bg_BG: 'Български',
};

/** BCP 47 tag of each locale, for Intl and the `lang` attribute. */
export const LOCALE_TAGS: Record<Locale, string> = {
  nb_NO: 'nb-NO',
  en_US: 'en-US',
  sv_SE: 'sv-SE',
  bg_BG: 'bg-BG',
};

/** Name of the cookie that remembers the chosen language (spec 001 §9). */
export const LOCALE_COOKIE = 'trove_locale';

/**
 * Picks a locale from a language tag such as `nb`, `no-NO`, `sv` or `bg-BG`; undefined when
 * the tag names none of ours.
 */
export function localeFromLanguageTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  switch (primary) {
    case 'nb':
    case 'no':
    case 'nn':
      return 'nb_NO';
    case 'sv':
      return 'sv_SE';
    case 'bg':
      return 'bg_BG';
    case 'en':
      return 'en_US';
    default:
      return undefined;
  }
}

/** True for hosts of the Norwegian brand (spec 001 §1: hosts ending in .no). */
export function isNorwegianHost(hostname: string): boolean {
  return hostname.toLowerCase().replace(/\.$/, '').endsWith('.no');
}

/**
 * The language rule of spec 001 §9: the cookie, then the browser's languages, then Norwegian
 * on .no hosts and English elsewhere.
 */
export function chooseLocale(input: {
  cookie?: string | undefined;
  browserLanguages: readonly string[];
  hostname: string;
}): Locale {
  const fromCookie = Locale.safeParse(input.cookie);
  if (fromCookie.success) return fromCookie.data;
  for (const tag of input.browserLanguages) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return isNorwegianHost(input.hostname) ? 'nb_NO' : 'en_US';
}
