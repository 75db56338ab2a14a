import { describe, expect, test } from 'vitest';
import { sizeOf, sizeText } from './size.ts';

describe('sizes in Bytes, KB, MB, GB with base 1024 (spec 000 §9)', () => {
  test.each([
    [0, 0, 'Bytes'],
    [1023, 1023, 'Bytes'],
    [1024, 1, 'KB'],
    [1536, 1.5, 'KB'],
    [5 * 1024 ** 2, 5, 'MB'],
    [3.5 * 1024 ** 3, 3.5, 'GB'],
    [2048 * 1024 ** 3, 2048, 'GB'],
  ])('%d bytes', (bytes, value, unit) => {
    expect(sizeOf(bytes)).toEqual({ value, unit });
  });
});

describe('size text', () => {
  const intl = { formatNumber: (value: number) => String(Math.round(value * 10) / 10) };
  const bytes = (count: number) => `${String(count)} b`;
  test('under 1 KB the caller words the count; above, one decimal and the unit', () => {
    expect(sizeText(intl, 1, bytes)).toBe('1 b');
    expect(sizeText(intl, 1536, bytes)).toBe('1.5 KB');
    expect(sizeText(intl, 5 * 1024 ** 3 + 1, bytes)).toBe('5 GB');
  });
});
