import type { HelpLink, Locale } from '@trove/contract';

/**
 * The help page of `locale`'s language (spec 001 §2 "Help links go to a help page in the
 * user's language (sv, no or English)"): sv, no, or English for every other.
 */
export function helpFor(link: HelpLink, locale: Locale): string {
  if (locale === 'sv_SE') return link.sv;
  return locale === 'nb_NO' ? link.no : link.other;
}
