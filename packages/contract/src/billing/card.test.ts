import { describe, expect, test } from 'vitest';
import { cardBrandOf, cardExpiryText, isCardExpired, maskedCardNumber } from './card.ts';

describe('the stored card (spec 001 §3, §9)', () => {
  test('expiry shows as MM/YY', () => {
    expect(cardExpiryText(3, 2027)).toBe('03/27');
    expect(cardExpiryText(12, 2030)).toBe('12/30');
    expect(cardExpiryText(1, 2100)).toBe('01/00');
  });

  test('a card is valid through the last moment of its month (UTC)', () => {
    expect(isCardExpired(3, 2027, Date.UTC(2027, 2, 31, 23, 59, 59, 999))).toBe(false);
    expect(isCardExpired(3, 2027, Date.UTC(2027, 3, 1))).toBe(true);
    expect(isCardExpired(12, 2026, Date.UTC(2026, 11, 31, 23))).toBe(false);
    expect(isCardExpired(12, 2026, Date.UTC(2027, 0, 1))).toBe(true);
  });

  test('the number is masked except its last four; brands other than visa and mastercard are other', () => {
    expect(maskedCardNumber('4242')).toBe('•••• •••• •••• 4242');
    expect(maskedCardNumber('4242').replace(/[^0-9]/g, '')).toBe('4242');
    expect(cardBrandOf('Visa')).toBe('visa');
    expect(cardBrandOf('mastercard')).toBe('mastercard');
    expect(cardBrandOf('amex')).toBe('other');
  });
});
