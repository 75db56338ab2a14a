import { expect, test } from 'vitest';
import { commentKeys, commentsPath, hasCommentChanges } from './keys.ts';

test('comment (10) and reaction (12) records refresh the comments; file records do not', () => {
  expect(hasCommentChanges([{ type: 10 }])).toBe(true);
  expect(hasCommentChanges([{ type: 0 }, { type: 12 }])).toBe(true);
  expect(hasCommentChanges([{ type: 0 }, { type: 1 }, { type: 11 }])).toBe(false);
});

test("an album's keys hold its counts and each file's comments", () => {
  expect(commentKeys.activity('a').slice(0, 2)).toEqual(commentKeys.album('a'));
  expect(commentKeys.file('a', 'f').slice(0, 2)).toEqual(commentKeys.album('a'));
});

test('the comments page path escapes its ids', () => {
  expect(commentsPath('a b', 'f/1')).toBe('/comments/a%20b/f%2F1');
});
