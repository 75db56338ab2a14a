import { z } from 'zod/mini';
import { isNorwegianHost } from './locales.ts';

/** A link that differs for Norwegian versus other languages (spec 001 §2 Footer). */
export const LocalizedLink = z.object({ no: z.string(), other: z.string() });
export type LocalizedLink = z.infer<typeof LocalizedLink>;

/** The help page in the user's language: Swedish, Norwegian or English (spec 001 §2 Footer). */
export const HelpLink = z.object({ sv: z.string(), no: z.string(), other: z.string() });
export type HelpLink = z.infer<typeof HelpLink>;

/**
 * One of the two regional brands (spec 000 §1, spec 001 §1): the Norwegian one on hosts
 * ending in .no, the international one elsewhere.
 */
export const Brand = z.object({
  id: z.enum(['intl', 'no']),
  name: z.string().check(z.minLength(1)),
  /** Stored device name of this brand's web client (spec 001 §1, §3). */
  deviceName: z.string().check(z.minLength(1)),
  /** Logo image URL; empty means the built-in logo. */
  logoUrl: z.string(),
  termsUrl: LocalizedLink,
  privacyUrl: LocalizedLink,
  legalUrl: LocalizedLink,
  helpUrl: HelpLink,
  /** Where the account-terminated page sends people (spec 001 §2). */
  supportUrl: z.string(),
});
export type Brand = z.infer<typeof Brand>;

/** Operator overrides: any field of either brand. */
export const BrandOverrides = z.object({
  intl: z.optional(z.omit(z.partial(Brand), { id: true })),
  no: z.optional(z.omit(z.partial(Brand), { id: true })),
});
export type BrandOverrides = z.infer<typeof BrandOverrides>;

/** The app's own help page, in the three languages spec 001 §2 names. */
const HELP_URL: HelpLink = {
  sv: '/legal/help?lang=sv',
  no: '/legal/help?lang=no',
  other: '/legal/help?lang=en',
};

/** Built-in brands; every default link points at a page the app itself serves. */
export const DEFAULT_BRANDS: { intl: Brand; no: Brand } = {
  intl: {
    id: 'intl',
    name: 'Trove',
    deviceName: 'Trove Web',
    logoUrl: '',
    termsUrl: { no: '/legal/terms?lang=no', other: '/legal/terms' },
    privacyUrl: { no: '/legal/privacy?lang=no', other: '/legal/privacy' },
    legalUrl: { no: '/legal/notice?lang=no', other: '/legal/notice' },
    helpUrl: HELP_URL,
    supportUrl: '/legal/notice',
  },
  no: {
    id: 'no',
    name: 'Trove Norge',
    deviceName: 'Trove Nettleser',
    logoUrl: '',
    termsUrl: { no: '/legal/terms?lang=no', other: '/legal/terms' },
    privacyUrl: { no: '/legal/privacy?lang=no', other: '/legal/privacy' },
    legalUrl: { no: '/legal/notice?lang=no', other: '/legal/notice' },
    helpUrl: HELP_URL,
    supportUrl: '/legal/notice?lang=no',
  },
};

/** Applies operator overrides to the built-in brands. */
export function resolveBrands(overrides: BrandOverrides = {}): { intl: Brand; no: Brand } {
  return {
    intl: { ...DEFAULT_BRANDS.intl, ...overrides.intl, id: 'intl' },
    no: { ...DEFAULT_BRANDS.no, ...overrides.no, id: 'no' },
  };
}

/** The brand of a host: Norwegian on .no hosts, international elsewhere. */
export function brandForHost(hostname: string, brands = DEFAULT_BRANDS): Brand {
  return isNorwegianHost(hostname) ? brands.no : brands.intl;
}
