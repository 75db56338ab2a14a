import { describe, expect, test } from 'vitest';
import { CHANGE_TYPES, ChangeType } from './changes.ts';
import { JobChange } from './files.ts';

describe('change types', () => {
  test('carry the numbers of spec 000 §3', () => {
    expect(ChangeType).toEqual({ FileAdded: 0, FileRemoved: 1, Comment: 10, EventMarker: 11, Reaction: 12 });
    expect(CHANGE_TYPES).toEqual([0, 1, 10, 11, 12]);
  });

  test('the wire accepts exactly those types', () => {
    const change = (type: number) => JobChange.safeParse({ serial: 1, type, timestamp: 0, data: {} }).success;
    for (const type of CHANGE_TYPES) expect(change(type)).toBe(true);
    expect(change(2)).toBe(false);
  });
});
