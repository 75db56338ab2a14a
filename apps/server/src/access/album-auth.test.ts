import { createHash, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlbumAuthValue, albumAuthValue } from '@trove/contract';

// The contract derives it with WebCrypto; Node's own PBKDF2 cross-checks it here.
describe('albumAuthValue (spec 000 §5)', () => {
  it('is PBKDF2-SHA1(hex SHA-1 of password + album id, album id, 1001, 160 bits) in base64', async () => {
    const albumId = '6f1c1e0a-7d0b-4c53-9d7e-0c7f7b3a1f00';
    const sha1 = createHash('sha1')
      .update('hunter2' + albumId)
      .digest('hex');
    const expected = pbkdf2Sync(sha1, albumId, 1001, 20, 'sha1').toString('base64');
    const value = await albumAuthValue('hunter2', albumId);
    expect(value).toBe(expected);
    expect(AlbumAuthValue.safeParse(value).success).toBe(true);
  });

  it('differs per album and per password', async () => {
    const a = await albumAuthValue('pw', 'album-a');
    expect(await albumAuthValue('pw', 'album-b')).not.toBe(a);
    expect(await albumAuthValue('pw2', 'album-a')).not.toBe(a);
  });
});
