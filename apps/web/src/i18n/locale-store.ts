import { chooseLocale, LOCALE_COOKIE, type Locale } from '@trove/contract';
import { createStore, useStore } from 'zustand';
import { persistentCookie, readCookie } from '../lib/cookies.ts';
import { findMessages, loadMessages } from './messages.ts';

interface LocaleState {
  locale: Locale;
}

/** The language rule of spec 001 §9 applied to this browser: cookie, browser languages, host. */
export function initialLocale(): Locale {
  return chooseLocale({
    cookie: readCookie(document.cookie, LOCALE_COOKIE),
    browserLanguages: navigator.languages,
    hostname: window.location.hostname,
  });
}

/** The UI language. */
export const localeStore = createStore<LocaleState>(() => ({ locale: initialLocale() }));

/** The UI language; components re-render when it changes. */
export function useLocale(): Locale {
  return useStore(localeStore, (state) => state.locale);
}

/** The language of the latest setLocale call, whose messages may still be on their way. */
let lastChosen: Locale | undefined;

/**
 * Switches the UI language and remembers it in the language cookie for a year (spec 001 §3,
 * §9): at once when its messages are loaded, else as soon as they are, so the screen never
 * blanks while they are fetched (See: [Note: Locale catalogues]).
 */
export function setLocale(locale: Locale): void {
  document.cookie = persistentCookie(LOCALE_COOKIE, locale);
  lastChosen = locale;
  if (findMessages(locale)) {
    localeStore.setState({ locale });
    return;
  }
  void loadMessages(locale).then(() => {
    // A later choice made while these were on their way wins.
    if (lastChosen === locale) localeStore.setState({ locale });
  });
}
