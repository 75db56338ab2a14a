import { CLIENT_VERSION, type LocalizedLink } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useBrand } from '../i18n/brand-context.tsx';
import { helpFor } from '../i18n/help-link.ts';
import { useLocale } from '../i18n/locale-store.ts';
import { AppLink } from '../ui/AppLink.tsx';

/**
 * The page footer (spec 001 §2): terms, privacy and legal links (the Norwegian ones when the
 * language is Norwegian), help in the user's language (Swedish, Norwegian, else English), the
 * copyright year and the client version. The unsubscribe page has none (spec 001 §2).
 */
export function Footer() {
  const intl = useIntl();
  const brand = useBrand();
  const locale = useLocale();
  const pick = (link: LocalizedLink) => (locale === 'nb_NO' ? link.no : link.other);
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label={intl.formatMessage({ id: 'footer.legalNavigation' })}>
        <AppLink href={pick(brand.termsUrl)}>{intl.formatMessage({ id: 'footer.terms' })}</AppLink>
        <AppLink href={pick(brand.privacyUrl)}>{intl.formatMessage({ id: 'footer.privacy' })}</AppLink>
        <AppLink href={pick(brand.legalUrl)}>{intl.formatMessage({ id: 'footer.legal' })}</AppLink>
        <AppLink href={helpFor(brand.helpUrl, locale)}>{intl.formatMessage({ id: 'footer.help' })}</AppLink>
      </nav>
      <p className="footer__meta">
        {intl.formatMessage(
          { id: 'footer.copyright' },
          { year: new Date().getFullYear(), brand: brand.name, version: CLIENT_VERSION },
        )}
      </p>
    </footer>
  );
}
