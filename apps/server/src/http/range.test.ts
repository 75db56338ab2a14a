import { describe, expect, it } from 'vitest';
import { resolveRange } from './range.ts';

describe('resolveRange', () => {
  it('reads closed, open and suffix ranges', () => {
    expect(resolveRange('bytes=0-4999999', 10_000_000)).toEqual({ start: 0, end: 4_999_999 });
    expect(resolveRange('bytes=0-4999999', 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(resolveRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole body for no header, other units, lists and reversed ranges', () => {
    expect(resolveRange(undefined, 10)).toBeUndefined();
    expect(resolveRange('items=0-1', 10)).toBeUndefined();
    expect(resolveRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(resolveRange('bytes=5-2', 10)).toBeUndefined();
    expect(resolveRange('bytes=-', 10)).toBeUndefined();
  });

  it('says unsatisfiable past the end', () => {
    expect(resolveRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(resolveRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(resolveRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
