import { expect, test } from 'vitest';
import { safeRedirect } from './redirect.ts';

test('keeps paths of this app', () => {
  expect(safeRedirect('/albums')).toBe('/albums');
  expect(safeRedirect('/settings/devices?x=1')).toBe('/settings/devices?x=1');
});

test('never leaves the site or loops back to login', () => {
  for (const target of [
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/login',
    '/',
  ]) {
    expect(safeRedirect(target)).toBe('/photos');
  }
});
