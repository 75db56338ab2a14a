import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGuestTokens } from './guest-tokens.ts';

describe('guest tokens ([Note: Guests])', () => {
  const secret = randomBytes(32);
  let now = Date.UTC(2026, 10, 24);
  const tokens = createGuestTokens(secret, () => now);
  const album = randomUUID();
  const guest = randomUUID();

  it('name their guest for their album and epoch only, until they expire', () => {
    const { guest: token, expires } = tokens.issue(album, guest, 3);
    expect(tokens.verify(token, album, 3)).toBe(guest);
    expect(tokens.verify(token, album, 4)).toBeNull();
    expect(tokens.verify(token, randomUUID(), 3)).toBeNull();
    expect(createGuestTokens(randomBytes(32), () => now).verify(token, album, 3)).toBeNull();
    // Another guest's id under the same signature is refused.
    expect(tokens.verify(token.replace(guest, randomUUID()), album, 3)).toBeNull();
    expect(tokens.verify(`${token}x`, album, 3)).toBeNull();
    now = expires * 1000;
    expect(tokens.verify(token, album, 3)).toBeNull();
  });
});
