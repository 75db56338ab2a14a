import { describe, expect, it } from 'vitest';
import { isAllowedCallback, isSafeRedir } from './redirects.ts';

describe('isSafeRedir', () => {
  it('accepts paths of this app', () => {
    for (const redir of ['/photos', '/settings/devices?x=1', '/albums#top'])
      expect(isSafeRedir(redir)).toBe(true);
  });
  it('refuses other sites and tricks', () => {
    for (const redir of ['//evil.com', '/\\evil.com', 'https://evil.com', 'photos', '/a\nb', '/a\\b', '']) {
      expect(isSafeRedir(redir), JSON.stringify(redir)).toBe(false);
    }
  });
});

describe('isAllowedCallback', () => {
  const allowed = new Set(['https://trove.example.com', 'http://localhost:8080']);
  it('accepts the callback path on an allowed origin', () => {
    expect(isAllowedCallback('https://trove.example.com/oauth/callback', allowed)).toBe(true);
    expect(isAllowedCallback('http://localhost:8080/oauth/callback', allowed)).toBe(true);
  });
  it('refuses other origins, paths, queries, fragments and credentials', () => {
    for (const uri of [
      'https://evil.com/oauth/callback',
      'https://trove.example.com.evil.com/oauth/callback',
      'https://trove.example.com/elsewhere',
      'https://trove.example.com/oauth/callback?x=1',
      'https://trove.example.com/oauth/callback#x',
      'https://user:pw@trove.example.com/oauth/callback',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedCallback(uri, allowed), uri).toBe(false);
    }
  });
});
