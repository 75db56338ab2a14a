import { localeFromLanguageTag, type Locale } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useBrand } from '../../i18n/brand-context.tsx';
import { LocaleMessages } from '../../i18n/I18nProvider.tsx';
import { useLocale } from '../../i18n/locale-store.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The legal documents the app serves itself; the brands' default links point here. */
export type LegalDocument = 'terms' | 'privacy' | 'notice' | 'help';

const TEXTS: Record<LegalDocument, { title: MessageId; body: MessageId }> = {
  terms: { title: 'legal.terms.title', body: 'legal.terms.body' },
  privacy: { title: 'legal.privacy.title', body: 'legal.privacy.body' },
  notice: { title: 'legal.notice.title', body: 'legal.notice.body' },
  // spec 001 §2 Footer: the help page in the user's language (the footer picks the `lang`).
  help: { title: 'legal.help.title', body: 'legal.help.body' },
};

/**
 * Routes /legal/terms, /legal/privacy, /legal/notice and /legal/help. `?lang=no` (or sv, bg, en) shows the
 * text in that language whatever the UI language is: the Norwegian footer links carry it
 * (spec 001 §2: terms and privacy links differ for Norwegian).
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const [params] = useSearchParams();
  const uiLocale = useLocale();
  const lang = params.get('lang');
  const locale: Locale = (lang ? localeFromLanguageTag(lang) : undefined) ?? uiLocale;
  return (
    <LocaleMessages locale={locale}>
      <LegalText document={document} />
    </LocaleMessages>
  );
}

function LegalText({ document }: { document: LegalDocument }) {
  const intl = useIntl();
  const brand = useBrand();
  const texts = TEXTS[document];
  const title = intl.formatMessage({ id: texts.title });
  usePageTitle(title);
  return (
    <article className="page page--narrow legal" lang={intl.locale}>
      <h1 className="page__title">{title}</h1>
      {intl
        .formatMessage({ id: texts.body }, { brand: brand.name })
        .split('\n\n')
        .map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
    </article>
  );
}
