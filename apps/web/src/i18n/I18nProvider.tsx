import { LOCALE_TAGS, type Locale } from '@trove/contract';
import { createContext, use, useDeferredValue, useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Area } from './areas.ts';
import {
  findAreaMessages,
  loadAreaMessages,
  useMessages,
  type AreaMessages as AreaCatalogue,
  type MessageId,
} from './messages.ts';
import { useLocale } from './locale-store.ts';

/** The language of the nearest {@link LocaleMessages}, and the areas whose messages it carries. */
const ScopeContext = createContext<{ locale: Locale; areas: readonly Area[] } | null>(null);

/**
 * Provides the messages of `locale` to everything below: the main catalogue and those of
 * the areas of the enclosing {@link AreaMessages} (See: [Note: Message areas]). Suspends
 * while they are fetched (See: [Note: Locale catalogues]), so it needs a Suspense boundary
 * above it.
 */
export function LocaleMessages({ locale, children }: { locale: Locale; children: ReactNode }) {
  const areas = use(ScopeContext)?.areas ?? [];
  return (
    <Scope locale={locale} areas={areas}>
      {children}
    </Scope>
  );
}

/**
 * Adds the messages of `area` to those of the nearest {@link LocaleMessages}, in its
 * language; suspends while they are fetched. A language switch renders in the background
 * (see {@link I18nProvider}), so the screen keeps the old language until the new one's area
 * catalogue is here too. `lazyScreen(load, { messages: area })` wraps its component in this.
 */
export function AreaMessages({ area, children }: { area: Area; children: ReactNode }) {
  const scope = use(ScopeContext);
  const areas = scope?.areas ?? [];
  return (
    <Scope locale={scope?.locale ?? 'en_US'} areas={areas.includes(area) ? areas : [...areas, area]}>
      {children}
    </Scope>
  );
}

function Scope({ locale, areas, children }: { locale: Locale; areas: readonly Area[]; children: ReactNode }) {
  // Main + areas: every id of MessageId the screens below may ask for.
  let messages = useMessages(locale) as Record<MessageId, string>;
  for (const area of areas) {
    messages = merged(messages, findAreaMessages(area, locale) ?? use(loadAreaMessages(area, locale)));
  }
  return (
    <ScopeContext value={{ locale, areas }}>
      <IntlProvider locale={LOCALE_TAGS[locale]} messages={messages} defaultLocale="en-US">
        {children}
      </IntlProvider>
    </ScopeContext>
  );
}

const mergedCache = new WeakMap<AreaCatalogue, WeakMap<AreaCatalogue, AreaCatalogue>>();

/** `base` and `area` in one catalogue, the same object for the same two (IntlProvider re-renders its consumers on a new one). */
function merged<T extends AreaCatalogue>(base: T, area: AreaCatalogue): T {
  let byArea = mergedCache.get(base);
  if (!byArea) mergedCache.set(base, (byArea = new WeakMap()));
  let result = byArea.get(area);
  if (!result) byArea.set(area, (result = { ...base, ...area }));
  return result as T;
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
