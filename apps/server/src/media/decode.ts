import { open, readFile, stat } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { MediaError, messageOf } from './errors.ts';
import { readExif, type ExifData } from './exif.ts';
import { decodeHeic, MAX_HEIC_FILE_BYTES, MAX_HEIC_PIXELS } from './heic.ts';
import { findHeifExif } from './heif-exif.ts';
import type { Limiter } from './pool.ts';
import { sniffContent, SNIFF_BYTES, type SniffKind } from './sniff.ts';

/**
 * Opening an original for decoding: what it is (sniffed, never trusted from the name), the
 * decompression-bomb limits, and one decoder pipeline per file (image.ts makes the outputs).
 */

/**
 * Pixel limit for sharp's decoders (decompression-bomb guard). Progressive JPEG and
 * interlaced PNG are decoded whole: measured about 4 bytes per pixel (108 MP: 410-440 MB).
 * 100 MP keeps one decode under about 400 MB with DEFAULT_DECODE_CONCURRENCY of them at once.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Baseline (sequential) JPEGs stream through libjpeg's DCT scaling ("shrink-on-load"), so
 * their cost does not grow with the area: a 196 MP one took 88 MB and 0.3 s here. They get
 * sharp's default limit (0x3FFF squared, 268 MP), so 108 MP and 200 MP phone photos work.
 */
export const MAX_BASELINE_JPEG_PIXELS = 0x3fff * 0x3fff;

export const DEFAULT_IMAGE_TIMEOUT_SECONDS = 60;

/**
 * Containers handed to sharp. Everything else (SVG, PDF, PSD, camera RAW...) is refused
 * before a decoder sees it: SVG can reference other files, and the rest does not decode here.
 */
const SHARP_KINDS: ReadonlySet<SniffKind> = new Set(['jpeg', 'png', 'gif', 'webp', 'tiff', 'avif']);

// libvips caches recent operations and keeps input files open; every file here is decoded
// once, so the cache only holds memory and file handles (of blobs that may be deleted).
sharp.cache(false);

export interface ImageOptions {
  /** Limit for sharp-decoded formats other than baseline JPEG. */
  maxPixels?: number;
  maxBaselineJpegPixels?: number;
  maxHeicPixels?: number;
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** Where the decode waits for a slot; the shared decodeLimiter by default. */
  limiter?: Limiter;
}

/** An opened original: its container and, for HEIC, the bytes (read once, size-checked). */
export interface Source {
  kind: SniffKind;
  heic?: Buffer;
}

export async function openSource(input: string | Buffer): Promise<Source> {
  let head: Uint8Array;
  if (typeof input === 'string') {
    const file = await open(input, 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } else {
    head = input.subarray(0, SNIFF_BYTES);
  }
  const { kind } = sniffContent(head);
  if (kind === 'heif') {
    if (typeof input !== 'string') return { kind, heic: input };
    const { size } = await stat(input);
    if (size > MAX_HEIC_FILE_BYTES)
      throw new MediaError('too_large', `HEIC file of ${size} bytes is too large`);
    return { kind, heic: await readFile(input) };
  }
  if (!SHARP_KINDS.has(kind)) throw new MediaError('unsupported', `Cannot decode ${kind} content`);
  return { kind };
}

/** sharp rejects with plain Errors; the message tells which kind of failure it was. */
export function fromSharp(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  const message = messageOf(error);
  if (/pixel limit/i.test(message)) return new MediaError('too_large', message, { cause: error });
  if (/unsupported image format/i.test(message))
    return new MediaError('unsupported', message, { cause: error });
  if (/timeout/i.test(message)) return new MediaError('timeout', message, { cause: error });
  return new MediaError('corrupt', message, { cause: error });
}

/** A sharp pipeline over the decoded original, its displayed size and where EXIF comes from. */
export interface Decoder {
  pipeline: Sharp;
  width: number;
  height: number;
  exif: () => Promise<ExifData>;
}

export async function decoder(
  input: string | Buffer,
  source: Source,
  options: ImageOptions,
): Promise<Decoder> {
  if (source.heic) {
    const heic = source.heic;
    const pixels = await decodeHeic(heic, {
      maxPixels: options.maxHeicPixels ?? MAX_HEIC_PIXELS,
      timeoutMs: (options.timeoutSeconds ?? DEFAULT_IMAGE_TIMEOUT_SECONDS) * 1000,
      signal: options.signal,
    });
    const { width, height, data } = pixels;
    return {
      // Already bounded by the HEIC limit; libheif applied irot/imir, so the EXIF
      // orientation inside a HEIC is ignored (as the HEIF spec requires).
      pipeline: sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: false }),
      width,
      height,
      exif: async () => {
        const tiff = findHeifExif(heic);
        return tiff ? readExif(tiff) : {};
      },
    };
  }
  const meta = await sharp(input).metadata();
  const baseline = meta.format === 'jpeg' && !meta.isProgressive;
  const limit = baseline
    ? (options.maxBaselineJpegPixels ?? MAX_BASELINE_JPEG_PIXELS)
    : (options.maxPixels ?? MAX_INPUT_PIXELS);
  if (meta.width * meta.height > limit) {
    throw new MediaError('too_large', `${meta.width}x${meta.height} exceeds the ${limit} pixel limit`);
  }
  return {
    // failOn 'error': truncated and undecodable data is refused, mere libjpeg warnings
    // (extraneous bytes, a garbled MCU) are not: browsers show those files too.
    pipeline: sharp(input, { limitInputPixels: limit, failOn: 'error', autoOrient: true }),
    width: meta.autoOrient.width,
    height: meta.autoOrient.height,
    exif: () => readExif(input),
  };
}
