import type { Locale } from '@trove/contract';
import enUS from './messages/en_US.json';
import nbNO from './messages/nb_NO.json';
import svSE from './messages/sv_SE.json';
import bgBG from './messages/bg_BG.json';

/** Every message id of the app; en_US.json is the reference catalogue. */
export type MessageId = keyof typeof enUS;

/** One locale's catalogue: an ICU message for every id. */
export type Messages = Record<MessageId, string>;

/**
 * The catalogues of the four languages (spec 001 §9). They are small, so all ship in the main
 * bundle: switching language is instant and the legal pages can show any language.
 */
export const MESSAGES: Record<Locale, Messages> = {
  en_US: enUS,
  nb_NO: nbNO,
  sv_SE: svSE,
  bg_BG: bgBG,
};
