import { LOCALE_TAGS, type Locale } from '@trove/contract';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
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

/**
 * Provides the UI language of the locale store and mirrors it in `<html lang>`. A language
 * whose messages are still on their way (See: [Note: Locale catalogues]) takes over once they
 * arrive: until then the screen stays in the old one rather than blank, while controls that
 * read the store (the language picker) show the new choice at once.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useDeferredValue(useLocale());
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  return <LocaleMessages locale={locale}>{children}</LocaleMessages>;
}
