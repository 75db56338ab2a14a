import { LOCALE_TAGS, type Locale } from '@trove/contract';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useMessages } from './messages.ts';
import { useLocale } from './locale-store.ts';

/**
 * Provides the messages of `locale` to everything below; suspends while they are fetched
 * (See: [Note: Locale catalogues]), so it needs a Suspense boundary above it.
 */
export function LocaleMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = useMessages(locale);
  return (
    <IntlProvider locale={LOCALE_TAGS[locale]} messages={messages} defaultLocale="en-US">
      {children}
    </IntlProvider>
  );
}

/** Provides the UI language of the locale store and mirrors it in `<html lang>`. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  return <LocaleMessages locale={locale}>{children}</LocaleMessages>;
}
