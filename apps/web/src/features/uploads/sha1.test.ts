import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { Sha1 } from './sha1-js.ts';
import { HASH_CHUNK_BYTES, ONE_SHOT_MAX_BYTES, sha1OfBlob } from './sha1.ts';

describe('incremental SHA-1 (see [Note: Upload hashing])', () => {
  test('matches a one-shot SHA-1 across chunk boundaries and for empty files', async () => {
    const bytes = new Uint8Array(HASH_CHUNK_BYTES * 2 + 123).map((_, i) => (i * 7) % 251);
    expect(await sha1OfBlob(new Blob([bytes]))).toBe(createHash('sha1').update(bytes).digest('hex'));
    expect(await sha1OfBlob(new Blob([]))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });

  test('hashes small files whole and large ones in pieces, to the same digests', async () => {
    const large = new Uint8Array(ONE_SHOT_MAX_BYTES + 1).map((_, i) => (i * 11) % 253);
    const small = large.subarray(0, ONE_SHOT_MAX_BYTES);
    for (const bytes of [small, large]) {
      expect(await sha1OfBlob(new Blob([bytes]))).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
  });

  test('stops when cancelled, whether read whole or in pieces', async () => {
    for (const size of [HASH_CHUNK_BYTES * 2, ONE_SHOT_MAX_BYTES + 1]) {
      const blob = new Blob([new Uint8Array(size)]);
      await expect(sha1OfBlob(blob, () => true)).rejects.toMatchObject({ name: 'AbortError' });
    }
  });
});

describe('the plain SHA-1 fallback (no WebAssembly)', () => {
  test('matches node:crypto whatever the update sizes', () => {
    const bytes = new Uint8Array(1000).map((_, i) => (i * 13) % 256);
    for (const step of [1, 63, 64, 65, 1000]) {
      const hash = new Sha1();
      for (let at = 0; at < bytes.length; at += step) hash.update(bytes.subarray(at, at + step));
      expect(hash.digest(), `steps of ${String(step)}`).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
    expect(new Sha1().digest()).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });
});
