/*
 * The stored card's display (spec 001 §2 payment settings, §3 payment card display, §9 card
 * expiry): brand, number masked except its last four, expiry as MM/YY. The spec has no
 * "expires soon" state, so there is none here.
 */

/** Card brands the spec shows (spec 001 §3 cardBrand). */
export type CardBrand = 'visa' | 'mastercard' | 'other';

/** The shown brand of a provider's brand name: visa, mastercard, anything else 'other'. */
export function cardBrandOf(brand: string): CardBrand {
  const lower = brand.toLowerCase();
  return lower === 'visa' || lower === 'mastercard' ? lower : 'other';
}

/** The masked number of a card ending in `last4` (spec 001 §3: "masked except last four"). */
export function maskedCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** Expiry as MM/YY (spec 001 §3, §9 "two-digit month and year"): 3, 2027 → "03/27". */
export function cardExpiryText(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/**
 * Whether a card valid through `expMonth`/`expYear` (4-digit year) has expired at `now` (ms):
 * a card is valid to the end of its month, so it expires when the next month starts (UTC).
 */
export function isCardExpired(expMonth: number, expYear: number, now: number): boolean {
  return now >= Date.UTC(expYear, expMonth, 1);
}
