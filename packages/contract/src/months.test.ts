import { describe, expect, test } from 'vitest';
import { monthOf, monthStartOf } from './months.ts';

describe('timeline months', () => {
  test('a time belongs to its UTC month, whatever the local zone', () => {
    expect(monthOf(Date.UTC(2024, 2, 31, 23, 59))).toBe(202403);
    expect(monthOf(Date.UTC(2024, 3, 1, 0, 0))).toBe(202404);
    expect(monthOf(Date.UTC(1999, 11, 31, 23, 59, 59, 999))).toBe(199912);
  });

  test('month keys are the first second of the UTC month of the taken time', () => {
    expect(monthStartOf(Date.UTC(2024, 2, 31, 23, 59) / 1000)).toBe(Date.UTC(2024, 2, 1) / 1000);
    expect(monthStartOf(Date.UTC(2024, 2, 1) / 1000)).toBe(Date.UTC(2024, 2, 1) / 1000);
  });
});
