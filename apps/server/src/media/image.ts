import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { writeAtomically } from './atomic.ts';
import {
  decoder,
  DEFAULT_IMAGE_TIMEOUT_SECONDS,
  fromSharp,
  MAX_INPUT_PIXELS,
  openSource,
  type ImageOptions,
} from './decode.ts';
import type { ExifData } from './exif.ts';
import { exifApp1Segment, findHeifExif } from './heif-exif.ts';
import { createLimiter, DEFAULT_DECODE_CONCURRENCY, type Limiter } from './pool.ts';
import type { SniffKind } from './sniff.ts';

export {
  DEFAULT_IMAGE_TIMEOUT_SECONDS,
  MAX_BASELINE_JPEG_PIXELS,
  MAX_INPUT_PIXELS,
  type ImageOptions,
} from './decode.ts';
export { MAX_HEIC_PIXELS } from './heic.ts';

/**
 * Pictures: thumbnails, placeholder and EXIF from one decode, and full-size JPEG conversion.
 *
 * Thumbnails are WebP: at the same nominal quality 80 they are about a third smaller than
 * JPEG (12 MP photo: 1280 px 54 KB vs 82 KB, 256 px 4.9 KB vs 6.8 KB), which is what the
 * timeline's first paint waits for; they keep transparency (PNG, GIF), which JPEG would
 * flatten; and every browser Trove supports shows them. The cost is about 0.1 s more
 * encoding per photo (both sizes), well inside the budget.
 */

/** Bounding boxes of the two thumbnails (spec 000 §7: "area 256 or 1280"). */
export const THUMBNAIL_SIZES = [256, 1280] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];
export const THUMBNAIL_QUALITY = 80;

/** thumbhash accepts at most 100 x 100. */
const THUMBHASH_SIZE = 100;
const LARGEST = Math.max(...THUMBNAIL_SIZES);

/** Shared by every caller in the process (queue and HTTP conversions alike). */
export const decodeLimiter: Limiter = createLimiter(DEFAULT_DECODE_CONCURRENCY);

export interface ProcessImageOptions extends ImageOptions {
  /**
   * For HEIC originals only: also write the full-size upright JPEG (`to_jpeg`) here, from the
   * same decode (a second HEIC decode would cost about 0.6 s per 12 MP photo). Ignored for
   * other formats, which browsers show as they are.
   */
  heicJpegPath?: string;
}

export interface Thumbnail {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
}

export interface ImageResult {
  /** Container of the original, as sniffed. */
  format: SniffKind;
  /** Full size, as displayed (after EXIF orientation or HEIF rotation). */
  width: number;
  height: number;
  thumbnails: Record<ThumbnailSize, Thumbnail>;
  /** Base64 ThumbHash: a blurred placeholder of about 25 bytes. */
  thumbhash: string;
  exif: ExifData;
  /** Present when `heicJpegPath` was given and the original is HEIC. */
  jpeg?: JpegResult;
}

async function encodeThumbnail(pixels: Sharp, size: ThumbnailSize): Promise<Thumbnail> {
  const { data, info } = await pixels
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: THUMBNAIL_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: 'webp' };
}

async function thumbhashOf(pixels: Sharp): Promise<string> {
  const { data, info } = await pixels
    .resize(THUMBHASH_SIZE, THUMBHASH_SIZE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * Decodes a picture once and derives from that decode: the 256 and 1280 px WebP thumbnails
 * (auto-oriented, never enlarged), a ThumbHash, the displayed size and the EXIF. The decode
 * goes straight to at most 1280 px (JPEG and WebP shrink while decoding), and the smaller
 * outputs are made from those pixels. Input is a path, or a buffer (a video poster).
 *
 * Rejects with MediaError: `unsupported`, `corrupt`, `too_large` (pixel or file limits),
 * `timeout`, `aborted`. A missing file rejects with the usual ENOENT error.
 */
export async function processImage(
  input: string | Buffer,
  options: ProcessImageOptions = {},
): Promise<ImageResult> {
  const limiter = options.limiter ?? decodeLimiter;
  return limiter.run(async () => {
    const source = await openSource(input);
    try {
      const decoded = await decoder(input, source, options);
      const exif = decoded.exif();
      const { heic } = source;
      const jpeg =
        heic && options.heicJpegPath
          ? writeHeicJpeg(decoded.pipeline.clone(), heic, options.heicJpegPath, options)
          : undefined;
      const { data, info } = await decoded.pipeline
        .resize(LARGEST, LARGEST, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .timeout({ seconds: options.timeoutSeconds ?? DEFAULT_IMAGE_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const [small, large, thumbhash] = await Promise.all([
        encodeThumbnail(sharp(data, raw), 256),
        encodeThumbnail(sharp(data, raw), 1280),
        thumbhashOf(sharp(data, raw)),
      ]);
      return {
        format: source.kind,
        width: decoded.width,
        height: decoded.height,
        thumbnails: { 256: small, 1280: large },
        thumbhash,
        exif: await exif,
        ...(jpeg && { jpeg: { width: decoded.width, height: decoded.height, bytes: await jpeg } }),
      };
    } catch (error) {
      throw fromSharp(error);
    }
  }, options.signal);
}

export interface JpegResult {
  width: number;
  height: number;
  bytes: number;
}

/** Quality of full-size conversions: a download the user keeps, not a preview. */
export const FULL_JPEG_QUALITY = 90;

/** Encodes decoded HEIC pixels as JPEG with the HEIC's EXIF; resolves to the bytes written. */
async function writeHeicJpeg(pixels: Sharp, heic: Buffer, outputPath: string, options: ImageOptions) {
  const jpeg = await pixels
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: FULL_JPEG_QUALITY })
    .timeout({ seconds: options.timeoutSeconds ?? DEFAULT_IMAGE_TIMEOUT_SECONDS })
    .toBuffer();
  const tiff = findHeifExif(heic);
  const app1 = tiff ? exifApp1Segment(tiff) : undefined;
  // APP1 goes right after the SOI marker (the first two bytes).
  const output = app1 ? Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]) : jpeg;
  await writeAtomically(outputPath, (tempPath) => writeFile(tempPath, output));
  return output.length;
}

/**
 * Writes the whole picture as an upright JPEG to `outputPath` (the spec's `to_jpeg` and
 * `heic_to_jpeg`), mainly for HEIC originals. The file appears only when complete, so the
 * caller can give its size up front (Content-Length, zip entries) and cache it. Transparency
 * becomes white. EXIF is kept (a HEIC's EXIF block is copied with its orientation reset).
 */
export async function convertToJpeg(
  input: string,
  outputPath: string,
  options: ImageOptions = {},
): Promise<JpegResult> {
  const limiter = options.limiter ?? decodeLimiter;
  return limiter.run(async () => {
    const source = await openSource(input);
    try {
      if (source.heic) {
        const decoded = await decoder(input, source, options);
        const bytes = await writeHeicJpeg(decoded.pipeline, source.heic, outputPath, options);
        return { width: decoded.width, height: decoded.height, bytes };
      }
      // Full size: no shrink-on-load, so even baseline JPEGs get the general pixel limit.
      const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
      const decoded = await decoder(input, source, { ...options, maxBaselineJpegPixels: maxPixels });
      const info = await writeAtomically(outputPath, (tempPath) =>
        decoded.pipeline
          .flatten({ background: '#ffffff' })
          .keepExif()
          .jpeg({ quality: FULL_JPEG_QUALITY })
          .timeout({ seconds: options.timeoutSeconds ?? DEFAULT_IMAGE_TIMEOUT_SECONDS })
          .toFile(tempPath),
      );
      return { width: info.width, height: info.height, bytes: info.size };
    } catch (error) {
      throw fromSharp(error);
    }
  }, options.signal);
}
