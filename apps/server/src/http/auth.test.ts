import { describe, expect, it } from 'vitest';
import { parseBasicToken } from './auth.ts';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseBasicToken', () => {
  it('reads the token from Basic credentials of the token user', () => {
    expect(parseBasicToken(basic('token:abc123'))).toBe('abc123');
  });

  it('refuses everything else', () => {
    for (const header of [
      undefined,
      '',
      'Bearer abc',
      basic('someone:abc'),
      basic('token:'),
      basic('abc'),
      'Basic !!',
    ]) {
      expect(parseBasicToken(header), String(header)).toBeUndefined();
    }
  });
});
