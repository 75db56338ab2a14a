import { describe, expect, test } from 'vitest';
import { loveLine, relativeTime } from './format.ts';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (seconds: number) => relativeTime(NOW / 1000 - seconds, NOW);

describe('relative time of a comment (spec 000 §9)', () => {
  test("'just now' under a minute, and for a time a little ahead of this clock", () => {
    expect(ago(0)).toEqual({ kind: 'justNow' });
    expect(ago(59)).toEqual({ kind: 'justNow' });
    expect(ago(-30)).toEqual({ kind: 'justNow' });
  });

  test('then whole minutes, hours, days, months and years, rounded down', () => {
    expect(ago(60)).toEqual({ kind: 'ago', value: 1, unit: 'minute' });
    expect(ago(59 * 60 + 59)).toEqual({ kind: 'ago', value: 59, unit: 'minute' });
    expect(ago(3600)).toEqual({ kind: 'ago', value: 1, unit: 'hour' });
    expect(ago(23 * 3600)).toEqual({ kind: 'ago', value: 23, unit: 'hour' });
    expect(ago(24 * 3600)).toEqual({ kind: 'ago', value: 1, unit: 'day' });
    expect(ago(29 * 86_400)).toEqual({ kind: 'ago', value: 29, unit: 'day' });
    expect(ago(30 * 86_400)).toEqual({ kind: 'ago', value: 1, unit: 'month' });
    expect(ago(364 * 86_400)).toEqual({ kind: 'ago', value: 12, unit: 'month' });
    expect(ago(365 * 86_400)).toEqual({ kind: 'ago', value: 1, unit: 'year' });
    expect(ago(3 * 365 * 86_400)).toEqual({ kind: 'ago', value: 3, unit: 'year' });
  });
});

describe('the love line (spec 000 §9 singular, plural and you-and-others variants)', () => {
  test('nothing while nobody loves the file', () => {
    expect(loveLine(0, false)).toBeUndefined();
  });

  test('a count of loves when the caller is not among them', () => {
    expect(loveLine(1, false)).toEqual({ id: 'comments.loves.count', values: { count: 1 } });
    expect(loveLine(5, false)).toEqual({ id: 'comments.loves.count', values: { count: 5 } });
  });

  test('"You love this" alone, "You and N others" with others', () => {
    expect(loveLine(1, true)).toEqual({ id: 'comments.loves.you', values: {} });
    expect(loveLine(2, true)).toEqual({ id: 'comments.loves.youAndOthers', values: { count: 1 } });
    expect(loveLine(5, true)).toEqual({ id: 'comments.loves.youAndOthers', values: { count: 4 } });
  });
});
