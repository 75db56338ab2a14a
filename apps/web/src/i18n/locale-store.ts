import { chooseLocale, LOCALE_COOKIE, type Locale } from '@trove/contract';
import { createStore, useStore } from 'zustand';
import { persistentCookie, readCookie } from '../lib/cookies.ts';

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

/** Switches the UI language at once and remembers it in the language cookie for a year (spec 001 §3, §9). */
export function setLocale(locale: Locale): void {
  document.cookie = persistentCookie(LOCALE_COOKIE, locale);
  localeStore.setState({ locale });
}
