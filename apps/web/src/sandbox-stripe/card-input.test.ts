import { describe, expect, test } from 'vitest';
import { caretAfterDigits, formatExpiry, formatNumber, readCard, showsError } from './card-input.ts';

const NOW = new Date(2026, 10, 28);

describe('the sandbox card form’s reading of a card', () => {
  test('formats numbers by brand: 4-4-4-4, American Express 4-6-5, never longer', () => {
    expect(formatNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatNumber('3782 822463 10005')).toBe('3782 822463 10005');
    expect(formatNumber('4a2')).toBe('42');
  });

  test('expiry as MM / YY; a first digit 2–9 is a month of its own', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('5')).toBe('05 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12', true)).toBe('12');
  });

  test('complete only with a valid number, a future expiry and a CVC of the brand’s length', () => {
    const ok = readCard({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }, NOW);
    expect(ok).toMatchObject({ complete: true, brand: 'visa', empty: false });
    expect(ok.card).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
    expect(readCard({ number: '4242 4242 4242 4241', expiry: '12 / 34', cvc: '123' }, NOW).errors).toEqual({
      number: 'invalid_number',
    });
    expect(readCard({ number: '4242', expiry: '10 / 26', cvc: '12' }, NOW).errors).toEqual({
      number: 'incomplete_number',
      expiry: 'invalid_expiry_month_past',
      cvc: 'incomplete_cvc',
    });
    expect(readCard({ number: '', expiry: '13 / 30', cvc: '' }, NOW).errors.expiry).toBe(
      'invalid_expiry_month',
    );
    expect(readCard({ number: '', expiry: '01 / 25', cvc: '' }, NOW).errors.expiry).toBe(
      'invalid_expiry_year_past',
    );
    expect(readCard({ number: '3782 822463 10005', expiry: '11 / 26', cvc: '123' }, NOW).errors).toEqual({
      cvc: 'incomplete_cvc',
    });
    expect(readCard({ number: '', expiry: '', cvc: '' }, NOW)).toMatchObject({
      empty: true,
      complete: false,
    });
  });

  test('an incomplete field shows its error once left, a wrong one at once', () => {
    expect(showsError('incomplete_number', false)).toBe(false);
    expect(showsError('incomplete_number', true)).toBe(true);
    expect(showsError('invalid_number', false)).toBe(true);
    expect(showsError(undefined, true)).toBe(false);
  });

  test('the caret stays after the same digit when the spaces move', () => {
    expect(caretAfterDigits('4242 4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('12 / 34', 0)).toBe(0);
    expect(caretAfterDigits('12 / 34', 3)).toBe(6);
  });
});
