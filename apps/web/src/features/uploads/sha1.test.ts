import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { Sha1 } from './sha1-js.ts';
import { HASH_CHUNK_BYTES, ONE_SHOT_MAX_BYTES, sha1OfBlob } from './sha1.ts';

/*
 * The sizes here are the ones the code switches on (ONE_SHOT_MAX_BYTES, HASH_CHUNK_BYTES), so
 * they stay; what is kept cheap is making the bytes. A per-byte callback over 64 MiB took
 * seconds on a busy two-core machine and ran the tests past vitest's 5 s. Tests that hash
 * tens of MiB get a generous timeout of their own: they check digests, never speed.
 */
const LARGE_INPUT_TIMEOUT_MS = 120_000;

/**
 * `size` bytes where byte i is `(i * step) % modulus`: the period written once, then doubled
 * with copyWithin (the prefix copied is always a whole number of periods).
 */
function patterned(size: number, step: number, modulus: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  const period = Math.min(size, modulus);
  for (let i = 0; i < period; i++) bytes[i] = (i * step) % modulus;
  for (let filled = period; filled < size; filled *= 2)
    bytes.copyWithin(filled, 0, Math.min(filled, size - filled));
  return bytes;
}

describe('incremental SHA-1 (see [Note: Upload hashing])', () => {
  test('makes its patterned bytes as a per-byte fill would', () => {
    const size = 253 * 5 + 17;
    expect(patterned(size, 11, 253)).toEqual(new Uint8Array(size).map((_, i) => (i * 11) % 253));
  });

  test(
    'matches a one-shot SHA-1 across chunk boundaries and for empty files',
    async () => {
      const bytes = patterned(HASH_CHUNK_BYTES * 2 + 123, 7, 251);
      expect(await sha1OfBlob(new Blob([bytes]))).toBe(createHash('sha1').update(bytes).digest('hex'));
      expect(await sha1OfBlob(new Blob([]))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    },
    LARGE_INPUT_TIMEOUT_MS,
  );

  test(
    'hashes small files whole and large ones in pieces, to the same digests',
    async () => {
      const large = patterned(ONE_SHOT_MAX_BYTES + 1, 11, 253);
      const small = large.subarray(0, ONE_SHOT_MAX_BYTES);
      for (const bytes of [small, large]) {
        expect(await sha1OfBlob(new Blob([bytes]))).toBe(createHash('sha1').update(bytes).digest('hex'));
      }
    },
    LARGE_INPUT_TIMEOUT_MS,
  );

  test('gathers a stream of chunks of any size into the same digest', async () => {
    // A stream that hands out pieces smaller than, equal to and larger than the 1 MiB the
    // hasher gathers, so every branch of the gathering is crossed; the size claims to be
    // past ONE_SHOT_MAX_BYTES so the stream is what is read.
    const bytes = patterned(5 * 1024 * 1024 + 77, 13, 241);
    const sizes = [1, 65_536, 1_048_575, 1_048_576, 3, 2_000_000, 65_536, 700_001];
    const stream = () => {
      let at = 0;
      let turn = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) {
            controller.close();
            return;
          }
          const size = sizes[turn++ % sizes.length] ?? 1;
          controller.enqueue(bytes.slice(at, at + size));
          at += size;
        },
      });
    };
    const blob = { size: ONE_SHOT_MAX_BYTES + 1, stream } as unknown as Blob;
    expect(await sha1OfBlob(blob)).toBe(createHash('sha1').update(bytes).digest('hex'));
  });

  test(
    'stops when cancelled, whether read whole or in pieces',
    async () => {
      for (const size of [HASH_CHUNK_BYTES * 2, ONE_SHOT_MAX_BYTES + 1]) {
        const blob = new Blob([new Uint8Array(size)]);
        await expect(sha1OfBlob(blob, () => true)).rejects.toMatchObject({ name: 'AbortError' });
      }
    },
    LARGE_INPUT_TIMEOUT_MS,
  );
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
