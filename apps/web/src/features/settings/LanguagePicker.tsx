import { LOCALE_NAMES, LOCALE_TAGS, LOCALES } from '@trove/contract';
import { useIntl } from 'react-intl';
import { setLocale, useLocale } from '../../i18n/locale-store.ts';

/** The language choice of spec 001 §3: the four languages by their own names; a choice applies at once. */
export function LanguagePicker() {
  const intl = useIntl();
  const current = useLocale();
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">{intl.formatMessage({ id: 'settings.language' })}</legend>
      {LOCALES.map((locale) => (
        <label key={locale} className="choice-list__item">
          <input
            type="radio"
            name="language"
            value={locale}
            checked={locale === current}
            onChange={() => {
              setLocale(locale);
            }}
          />
          <span lang={LOCALE_TAGS[locale]}>{LOCALE_NAMES[locale]}</span>
        </label>
      ))}
    </fieldset>
  );
}
