import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/*
 * [Note: Place stripping]
 *
 * Originals served to anyone but their uploader lose where they were taken (issue #23): the
 * GPS IFD of their EXIF is emptied, their XMP blanked, a video's location atoms turned into
 * `free` space. Never by re-encoding: a plan of byte patches is made once from the file's
 * metadata (read by offset, a few blocks), and every read of the original then streams the
 * stored bytes through the patches. Every patch overwrites bytes in place, so the stripped file
 * has the stored file's length: `Content-Length` is known up front, a byte range of the
 * stripped file is the same range of the stored one with the patches laid over it, and image
 * and sound data pass through untouched. See strip/plan.ts for what each container gets.
 */

/** Bytes to lay over the stored file at `offset` (the same number of bytes it replaces). */
export interface Patch {
  offset: number;
  bytes: Buffer;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** Patches in file order with none overlapping: a later one wins where two did. */
export function normalizePatches(patches: readonly Patch[]): Patch[] {
  const sorted = [...patches].filter((p) => p.bytes.length > 0).sort((a, b) => a.offset - b.offset);
  const out: Patch[] = [];
  for (const patch of sorted) {
    const last = out.at(-1);
    if (last && patch.offset < last.offset + last.bytes.length) {
      // Merge: overlapping patches come from nested structures of one file (a crafted one).
      const end = Math.max(last.offset + last.bytes.length, patch.offset + patch.bytes.length);
      const merged = Buffer.alloc(end - last.offset);
      last.bytes.copy(merged, 0);
      patch.bytes.copy(merged, patch.offset - last.offset);
      out[out.length - 1] = { offset: last.offset, bytes: merged };
    } else out.push(patch);
  }
  return out;
}

/**
 * Lays `patches` (normalized) over a stream of the stored bytes that starts at file offset
 * `start`. Chunks no patch touches pass as they are, without a copy.
 */
export function patchStream(source: Readable, patches: readonly Patch[], start: number): Readable {
  let position = start;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = position;
      const to = from + chunk.length;
      position = to;
      let out = chunk;
      for (const patch of patches) {
        const patchEnd = patch.offset + patch.bytes.length;
        if (patchEnd <= from) continue;
        if (patch.offset >= to) break;
        if (out === chunk) out = Buffer.from(chunk);
        const lo = Math.max(from, patch.offset);
        const hi = Math.min(to, patchEnd);
        patch.bytes.copy(out, lo - from, lo - patch.offset, hi - patch.offset);
      }
      callback(null, out);
    },
  });
  source.once('error', (error) => transform.destroy(error));
  transform.once('close', () => source.destroy());
  return source.pipe(transform);
}

/** Lays `patches` over a whole file held in memory (tests, small files). */
export function applyPatches(bytes: Buffer, patches: readonly Patch[]): Buffer {
  const out = Buffer.from(bytes);
  for (const patch of patches) patch.bytes.copy(out, patch.offset, 0, Math.max(0, out.length - patch.offset));
  return out;
}

/*
 * CRC-32 is linear over GF(2): for messages of one length, crc(a) ^ crc(b) is the CRC of
 * a ^ b without its initial and final inversions. So the CRC of the stripped file is the
 * stored file's CRC xor the pure CRC of (stored ^ stripped), which is zero but at the
 * patches: each patch's difference, shifted by the bytes that follow it. A zip of stripped
 * originals needs their CRC before it streams (see [Note: Zip layout]) and gets it from the
 * one recorded for the stored bytes, without reading them again.
 */
const POLY = 0xedb88320;

/** a * b modulo the CRC polynomial (reflected), as zlib's multmodp. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(8n) modulo the CRC polynomial: what n more zero bytes multiply a pure CRC by. */
function shiftByBytes(n: number): number {
  let p = 0x80000000; // x^0
  let power = 0x40000000; // x^1, squared each round: x^(2^k)
  let bits = n * 8;
  // The exponent may pass 2^53 for no real file; sizes stay below 2^50 bytes.
  while (bits > 0) {
    if (bits % 2 === 1) p = multiplyModP(power, p);
    power = multiplyModP(power, power);
    bits = Math.floor(bits / 2);
  }
  return p;
}

/** The CRC-32 of `bytes` without the initial and final inversions. */
function pureCrc(bytes: Buffer): number {
  return ~crc32(bytes, 0xffffffff) >>> 0;
}

/**
 * What to xor the stored file's CRC-32 with to get the stripped file's: `diffs` are the
 * patches with each byte xored with the byte it replaces, `size` the file's length.
 */
export function crcDelta(diffs: readonly Patch[], size: number): number {
  let delta = 0;
  for (const diff of diffs) {
    const after = size - diff.offset - diff.bytes.length;
    delta ^= multiplyModP(shiftByBytes(after), pureCrc(diff.bytes));
  }
  return delta >>> 0;
}
