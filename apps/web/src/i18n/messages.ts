import type { Locale } from '@trove/contract';
import { use } from 'react';
import enUS from './messages/en_US.json';

/** Every message id of the app; en_US.json is the reference catalogue. */
export type MessageId = keyof typeof enUS;

/** One locale's catalogue: an ICU message for every id. */
export type Messages = Record<MessageId, string>;

/**
 * [Note: Locale catalogues] Only the active language's messages are fetched (spec 001 §9;
 * issue #10: the first load of /photos carries what it shows). en_US ships in the entry
 * chunk: it is the reference catalogue and what shows if another language's chunk cannot
 * be fetched; the other three are chunks of their own, loaded before their language is
 * shown, so no screen flashes English first. Each import is typed, so a catalogue lacking
 * an id of en_US does not compile.
 */
const LOADERS: Record<Exclude<Locale, 'en_US'>, () => Promise<Messages>> = {
  nb_NO: () => import('./messages/nb_NO.json').then((module) => module.default),
  sv_SE: () => import('./messages/sv_SE.json').then((module) => module.default),
  bg_BG: () => import('./messages/bg_BG.json').then((module) => module.default),
};

const loaded = new Map<Locale, Messages>([['en_US', enUS]]);
const loading = new Map<Locale, Promise<Messages>>();

/** The catalogue of `locale` if it is loaded already. */
export function findMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/**
 * The catalogue of `locale`, fetched once. Never rejects: a catalogue that cannot be
 * fetched (offline, or a deploy removed the chunk) resolves to en_US, and the next call
 * tries again.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return Promise.resolve(known);
  if (locale === 'en_US') return Promise.resolve(enUS);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (messages) => {
        loaded.set(locale, messages);
        loading.delete(locale);
        return messages;
      },
      (error: unknown) => {
        console.warn(`the ${locale} messages could not be loaded; showing en_US`, error);
        loading.delete(locale);
        return enUS;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** The catalogue of `locale`; suspends (React `use`) while it is fetched. */
export function useMessages(locale: Locale): Messages {
  return findMessages(locale) ?? use(loadMessages(locale));
}
