/*
 * Price formatting of spec 001 §9, locale-independent: "Prices in minor units: divided by 100,
 * decimals only when not whole, shown as CURRENCY amount; yearly price also shown per month
 * (divided by 12); yearly savings shown as 'Save {n}'". The web puts the parts into its
 * translated messages; nothing here is a user-visible word.
 */

/** A price split for display: `currency` code and `amount` with '.' as decimal point. */
export interface PriceParts {
  currency: string;
  amount: string;
}

/**
 * The amount of `minor` minor units in major units (spec 001 §9: ÷ 100, decimals only when
 * not whole). When not whole, both decimals show ("99.50", not "99.5"), as money reads.
 * Integer arithmetic only, so no float rounding shows.
 */
export function formatMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return cents === 0
    ? `${sign}${String(whole)}`
    : `${sign}${String(whole)}.${String(cents).padStart(2, '0')}`;
}

/** Minor units of an amount written by {@link formatMinorUnits}; null when it is not one. */
export function parseMinorUnits(amount: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{2}))?$/.exec(amount);
  if (match === null) return null;
  const [, sign = '', whole = '0', cents = '00'] = match;
  const value = Number(whole) * 100 + Number(cents);
  return sign === '-' ? -value : value;
}

/** The parts of a price of `minor` minor units in `currency` (upper-cased, spec 001 §9). */
export function priceParts(minor: number, currency: string): PriceParts {
  return { currency: currency.toUpperCase(), amount: formatMinorUnits(minor) };
}

/** spec 001 §9 "shown as CURRENCY amount": the code, a space, the amount ("NOK 99"). */
export function priceText(parts: PriceParts): string {
  return `${parts.currency} ${parts.amount}`;
}

/**
 * A yearly price per month, in minor units (spec 001 §9 "divided by 12"), rounded to the
 * nearest minor unit, halves up. It is only shown, never charged, so the nearest unit is the
 * honest figure.
 */
export function yearlyPerMonthMinor(yearlyMinor: number): number {
  return Math.round(yearlyMinor / 12);
}

/**
 * The n of 'Save {n}' (spec 001 §9): the percent a yearly plan saves against twelve months of
 * the monthly plan of the same size, rounded down so the claim never overstates the saving.
 * The spec does not say percent or amount; a percent reads the same in every currency and is
 * the usual wording of such tags. Null when the yearly plan saves nothing (or a price is not
 * positive), so no tag shows.
 */
export function yearlySavingsPercent(monthlyMinor: number, yearlyMinor: number): number | null {
  const twelveMonths = monthlyMinor * 12;
  if (monthlyMinor <= 0 || yearlyMinor <= 0 || yearlyMinor >= twelveMonths) return null;
  const percent = Math.floor(((twelveMonths - yearlyMinor) * 100) / twelveMonths);
  return percent > 0 ? percent : null;
}
