import bg_BG from '../i18n/messages/sandboxStripe/bg_BG.json';
import en_US from '../i18n/messages/sandboxStripe/en_US.json';
import nb_NO from '../i18n/messages/sandboxStripe/nb_NO.json';
import sv_SE from '../i18n/messages/sandboxStripe/sv_SE.json';

/**
 * The stand-in's texts in the app's four locales. It is a script of its own, outside React and
 * react-intl, so it reads its area's catalogues (src/i18n/areas.ts `sandboxStripe`) as plain
 * JSON: its messages have no placeholders. Stripe localises its element and its errors to the
 * `locale` option, 'auto' meaning the browser's; here 'auto' means `<html lang>`, which the app
 * sets to the user's language.
 */
export type MessageKey = keyof typeof en_US;
export type Texts = (key: MessageKey) => string;

const CATALOGUES = { en_US, nb_NO, sv_SE, bg_BG } as const;

/** A locale tag (Stripe's option or `<html lang>`: 'nb', 'sv-SE', 'no', 'bg') → a catalogue. */
export function catalogueFor(tag: string | undefined): keyof typeof CATALOGUES {
  const language = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  if (language === 'nb' || language === 'no' || language === 'nn') return 'nb_NO';
  if (language === 'sv') return 'sv_SE';
  if (language === 'bg') return 'bg_BG';
  return 'en_US';
}

export function textsFor(locale: string | undefined): Texts {
  const tag = locale === undefined || locale === 'auto' ? document.documentElement.lang : locale;
  const catalogue: Record<MessageKey, string> = CATALOGUES[catalogueFor(tag)];
  return (key) => catalogue[key];
}
