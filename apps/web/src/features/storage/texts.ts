import {
  type Grant,
  type GrantLike,
  priceParts,
  type StripeProduct,
  storageSourceKind,
  type StorageSourceKind,
  yearlyPerMonthMinor,
  yearlySavingsPercent,
} from '@trove/contract';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';

/*
 * The words of the plan cards and the plan table (spec 001 §3 sizeText, sourceText,
 * priceText, billingInfoText; §9 prices). The numbers come from the contract's rules
 * (billing/format.ts, grants-display.ts); this file only puts them into the user's language.
 */

/**
 * A price of `minor` minor units (spec 001 §9): "CURRENCY amount", decimals only when not
 * whole; the amount in the user's locale (a comma in Norwegian, Swedish and Bulgarian).
 */
export function priceText(intl: IntlShape, minor: number, currency: string): string {
  const parts = priceParts(minor, currency);
  const hasDecimals = parts.amount.includes('.');
  const amount = intl.formatNumber(Number(parts.amount), {
    minimumFractionDigits: hasDecimals ? 2 : 0,
    maximumFractionDigits: hasDecimals ? 2 : 0,
  });
  // spec 001 §9 "shown as CURRENCY amount": the same order in every language.
  return `${parts.currency} ${amount}`;
}

/** A plan's price with its period: "NOK 29 / month", "NOK 290 / year (NOK 24.17 / month)". */
export function planPriceText(intl: IntlShape, product: StripeProduct): string {
  const price = priceText(intl, product.price, product.currency);
  if (product.period === 'monthly') return intl.formatMessage({ id: 'storage.perMonth' }, { price });
  return intl.formatMessage(
    { id: 'storage.perYear' },
    { price, perMonth: priceText(intl, yearlyPerMonthMinor(product.price), product.currency) },
  );
}

/** 'Save {n}' of a yearly plan against its monthly twin (spec 001 §9), or null. */
export function saveText(intl: IntlShape, monthly: StripeProduct, yearly: StripeProduct): string | null {
  const percent = yearlySavingsPercent(monthly.price, yearly.price);
  return percent === null ? null : intl.formatMessage({ id: 'storage.save' }, { percent });
}

/** A size in GB (2^30 bytes) as the plans name it: "100 GB", unlimited as such. */
export function gbText(intl: IntlShape, gb: number): string {
  return intl.formatNumber(gb, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
}

const SOURCE_MESSAGES: Record<StorageSourceKind, MessageId> = {
  product: 'storage.source.product',
  business_customer: 'storage.source.businessCustomer',
  web: 'storage.source.web',
  apple_store: 'storage.source.appleStore',
  google_play_store: 'storage.source.googlePlay',
  old_web_shop: 'storage.source.oldWebShop',
  other: 'storage.source.other',
  customer_service: 'storage.source.customerService',
  business_unit: 'storage.source.businessUnit',
};

/** sourceText (spec 001 §3 storage-source kinds): where a grant's storage comes from. */
export function sourceText(intl: IntlShape, source: string): string {
  return intl.formatMessage({ id: SOURCE_MESSAGES[storageSourceKind(source)] });
}

/** A date of seconds since the epoch, as the user's locale writes it. */
export function dateText(intl: IntlShape, seconds: number): string {
  return intl.formatDate(seconds * 1000, { dateStyle: 'long' });
}

/** Seconds since the epoch of an ISO time, or null. */
function secondsOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** A grant of GET /user_grants as the contract's display rules take it (grants-display.ts). */
export interface ShownGrant extends GrantLike {
  grant: Grant;
}

/** Grants of the wire as {@link ShownGrant}s: size in GB, times in seconds. */
export function shownGrants(grants: readonly Grant[]): ShownGrant[] {
  return grants.map((grant) => ({
    grant,
    source: grant.source,
    size_gb: grant.size,
    renews_at: secondsOf(grant.renews_at),
    expires_at: secondsOf(grant.expires_at),
  }));
}
