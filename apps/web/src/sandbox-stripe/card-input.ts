/**
 * What the sandbox card form reads from its three fields, as Stripe's card element does: the
 * brand from the first digits, the number's length and Luhn check, MM/YY expiry, the CVC's
 * length. Pure, so the element (element.ts) only renders and emits.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

/** Stripe's validation error codes, which name the field and what is wrong with it. */
export type CardFieldError =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year_past'
  | 'invalid_expiry_month_past'
  | 'incomplete_cvc';

export type CardField = 'number' | 'expiry' | 'cvc';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

function numberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

/** The number as it is shown while typed: groups of 4 (American Express 4-6-5). */
export function formatNumber(text: string): string {
  const digits = digitsOf(text);
  const brand = brandOf(digits);
  const limited = digits.slice(0, numberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= limited.length) break;
    parts.push(limited.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The position just after the `count`-th digit of a formatted field (0: its start). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i)) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

/** "1234" or "12/34" → "12 / 34"; a single 2–9 becomes "0d / " as Stripe's field does. */
export function formatExpiry(text: string, deleting = false): string {
  let digits = digitsOf(text).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2 && deleting) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(text: string, brand: CardBrand): string {
  return digitsOf(text).slice(0, brand === 'amex' ? 4 : 3);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card in the form: its brand, what each field lacks, and the values the API takes. */
export interface CardState {
  brand: CardBrand;
  empty: boolean;
  complete: boolean;
  errors: Partial<Record<CardField, CardFieldError>>;
  card?: { number: string; exp_month: number; exp_year: number; cvc: string };
}

export function readCard(fields: CardFields, now: Date): CardState {
  const digits = digitsOf(fields.number);
  const brand = brandOf(digits);
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  if (digits.length < numberLength(brand)) errors.number = 'incomplete_number';
  else if (!luhn(digits)) errors.number = 'invalid_number';
  const exp = digitsOf(fields.expiry);
  const month = Number(exp.slice(0, 2));
  const year = 2000 + Number(exp.slice(2, 4));
  if (exp.length < 4) errors.expiry = 'incomplete_expiry';
  else if (month < 1 || month > 12) errors.expiry = 'invalid_expiry_month';
  else if (year < now.getFullYear()) errors.expiry = 'invalid_expiry_year_past';
  else if (year === now.getFullYear() && month < now.getMonth() + 1)
    errors.expiry = 'invalid_expiry_month_past';
  const cvc = digitsOf(fields.cvc);
  if (cvc.length < (brand === 'amex' ? 4 : 3)) errors.cvc = 'incomplete_cvc';
  const empty = digits === '' && exp === '' && cvc === '';
  const complete = Object.keys(errors).length === 0;
  return {
    brand,
    empty,
    complete,
    errors,
    ...(complete ? { card: { number: digits, exp_month: month, exp_year: year, cvc } } : {}),
  };
}

/**
 * Whether a field's error is shown yet: an incomplete field only once the user left it (or
 * submitted), a wrong one at once, as Stripe does.
 */
export function showsError(error: CardFieldError | undefined, left: boolean): boolean {
  if (error === undefined) return false;
  return left || !error.startsWith('incomplete');
}
