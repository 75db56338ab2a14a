import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { closeHeicWorkers } from './heic.ts';
import { convertToJpeg, processImage, type ImageResult } from './image.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

/** The dominant colour at a relative position of an encoded image. */
async function colourAt(image: Buffer, x: number, y: number): Promise<'red' | 'green' | 'blue' | 'yellow'> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels;
  const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
  if (r > 150 && g > 150 && b < 100) return 'yellow';
  if (r > g && r > b) return 'red';
  return g > b ? 'green' : 'blue';
}

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

afterAll(closeHeicWorkers);

describe('processImage on a camera JPEG (EXIF, orientation 6)', () => {
  let result: ImageResult;
  beforeAll(async () => {
    result = await processImage(fixture('photo-exif.jpg'));
  });

  it('reports the displayed size: 640x480 stored, rotated to portrait', () => {
    expect(result.format).toBe('jpeg');
    expect([result.width, result.height]).toEqual([480, 640]);
  });

  it('makes WebP thumbnails fitting 256 and 1280 px, never enlarged', async () => {
    const { 256: small, 1280: large } = result.thumbnails;
    expect([small.width, small.height]).toEqual([192, 256]);
    expect([large.width, large.height]).toEqual([480, 640]);
    for (const thumb of [small, large]) {
      const meta = await sharp(thumb.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([thumb.width, thumb.height]);
      expect(meta.orientation).toBeUndefined(); // rotated pixels, no tag left to rotate twice
    }
  });

  it('applies the orientation to the pixels (stored top-left red ends top-right)', async () => {
    const small = result.thumbnails[256].data;
    expect(await colourAt(small, 0.25, 0.25)).toBe('blue');
    expect(await colourAt(small, 0.75, 0.25)).toBe('red');
    expect(await colourAt(small, 0.25, 0.75)).toBe('yellow');
    expect(await colourAt(small, 0.75, 0.75)).toBe('green');
  });

  it('makes a thumbhash that decodes to a small portrait placeholder', () => {
    const hash = Buffer.from(result.thumbhash, 'base64');
    expect(hash.length).toBeLessThan(40);
    const { w, h, rgba } = thumbHashToRGBA(hash);
    expect(h).toBeGreaterThan(w);
    expect(rgba.length).toBe(w * h * 4);
    expect(Math.abs(thumbHashToApproximateAspectRatio(hash) - 0.75)).toBeLessThan(0.1); // coarse by design
  });

  it('reads the EXIF: taken time with offset and sub-seconds, camera, exposure, GPS', () => {
    expect(result.exif).toEqual({
      takenAt: Date.UTC(2023, 6, 14, 16, 32, 5, 250), // 18:32:05.250 at +02:00
      takenAtOffsetMinutes: 120,
      make: 'Canon',
      model: 'Canon EOS R5',
      iso: 400,
      fNumber: 2.8,
      exposureTime: 0.004,
      focalLength: 50,
      latitude: expect.closeTo(59.913868, 5) as number,
      longitude: expect.closeTo(10.752245, 5) as number,
    });
  });
});

describe('processImage on other formats', () => {
  it('keeps PNG transparency and reads CreateDate without offset as wall-clock UTC', async () => {
    const result = await processImage(fixture('alpha.png'));
    expect([result.width, result.height]).toEqual([300, 200]);
    expect([result.thumbnails[256].width, result.thumbnails[256].height]).toEqual([256, 171]);
    expect([result.thumbnails[1280].width, result.thumbnails[1280].height]).toEqual([300, 200]);
    const meta = await sharp(result.thumbnails[1280].data).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(result.exif).toEqual({ takenAt: Date.UTC(2022, 11, 24, 20), make: 'Google', model: 'Pixel 8' });
    const { rgba } = thumbHashToRGBA(Buffer.from(result.thumbhash, 'base64'));
    expect(rgba.some((_, i) => i % 4 === 3 && (rgba[i] ?? 255) < 255)).toBe(true);
  });

  it('decodes HEIC through heic-decode, with the EXIF from its item (libheif base_offset)', async () => {
    const result = await processImage(fixture('photo.heic'));
    expect(result.format).toBe('heif');
    // heif-enc stores no irot: a HEIC's EXIF orientation is not applied (HEIF rule).
    expect([result.width, result.height]).toEqual([512, 384]);
    expect([result.thumbnails[256].width, result.thumbnails[256].height]).toEqual([256, 192]);
    expect(await colourAt(result.thumbnails[256].data, 0.25, 0.25)).toBe('red');
    const ratio = thumbHashToApproximateAspectRatio(Buffer.from(result.thumbhash, 'base64'));
    expect(Math.abs(ratio - 4 / 3)).toBeLessThan(0.1);
    expect(result.exif).toMatchObject({
      takenAt: Date.UTC(2024, 1, 10, 12, 15), // 09:15 at -03:00
      takenAtOffsetMinutes: -180,
      make: 'Apple',
      model: 'iPhone 15 Pro',
      iso: 64,
      fNumber: 1.78,
    });
    expect(result.exif.latitude).toBeCloseTo(-22.951916, 5);
    expect(result.exif.longitude).toBeCloseTo(-43.210487, 5);
  });

  it('writes the full-size JPEG of a HEIC from the same decode when asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trove-media-'));
    try {
      const heicJpegPath = join(dir, 'full.jpg');
      const result = await processImage(fixture('photo.heic'), { heicJpegPath });
      expect(result.jpeg).toEqual({ width: 512, height: 384, bytes: (await readFile(heicJpegPath)).length });
      expect((await sharp(heicJpegPath).metadata()).format).toBe('jpeg');
      const jpegOnly = await processImage(fixture('photo-exif.jpg'), { heicJpegPath: join(dir, 'no.jpg') });
      expect(jpegOnly.jpeg).toBeUndefined();
      expect(await readdir(dir)).toEqual(['full.jpg']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('accepts a buffer (as for video posters)', async () => {
    const result = await processImage(await readFile(fixture('photo-exif.jpg')));
    expect([result.width, result.height]).toEqual([480, 640]);
    expect(result.exif.make).toBe('Canon');
  });
});

describe('processImage refuses bad input with a typed error', () => {
  it('a truncated JPEG is corrupt', async () => {
    const error = await rejection(processImage(fixture('corrupt.jpg')));
    expect(error.reason).toBe('corrupt');
    expect(error.permanent).toBe(true);
  });

  it('a 20000x20000 PNG of 48 KB (decompression bomb) is too_large, and quickly', async () => {
    const started = performance.now();
    expect((await rejection(processImage(fixture('bomb.png')))).reason).toBe('too_large');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a HEIC declaring 20000x20000 is too_large before any pixel is decoded', async () => {
    expect((await rejection(processImage(fixture('bomb.heic')))).reason).toBe('too_large');
  });

  it('the pixel limits are options', async () => {
    const jpeg = processImage(fixture('photo-exif.jpg'), { maxBaselineJpegPixels: 1000 });
    expect((await rejection(jpeg)).reason).toBe('too_large');
    const png = processImage(fixture('alpha.png'), { maxPixels: 1000 });
    expect((await rejection(png)).reason).toBe('too_large');
    // Only baseline JPEG (streamed with shrink-on-load) gets the higher limit; progressive does not.
    expect((await processImage(fixture('photo-exif.jpg'), { maxPixels: 1000 })).width).toBe(480);
    const progressive = await sharp(fixture('photo-exif.jpg')).jpeg({ progressive: true }).toBuffer();
    expect((await rejection(processImage(progressive, { maxPixels: 1000 }))).reason).toBe('too_large');
    const heic = processImage(fixture('photo.heic'), { maxHeicPixels: 1000 });
    expect((await rejection(heic)).reason).toBe('too_large');
  });

  it('formats outside the allow-list never reach a decoder', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
    );
    expect((await rejection(processImage(svg))).reason).toBe('unsupported');
    expect((await rejection(processImage(fixture('clip.mp4')))).reason).toBe('unsupported');
  });

  it('a missing file rejects with ENOENT, not a media error', async () => {
    await expect(processImage(fixture('missing.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('convertToJpeg (to_jpeg)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trove-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a full-size JPEG of a HEIC, keeping its EXIF with orientation reset', async () => {
    const output = join(dir, 'photo.jpg');
    const result = await convertToJpeg(fixture('photo.heic'), output);
    const bytes = await readFile(output);
    expect(result).toEqual({ width: 512, height: 384, bytes: bytes.length });
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 384]);
    const tags = (await exifr.parse(bytes, { reviveValues: false, translateValues: false })) as Record<
      string,
      unknown
    >;
    expect(tags).toMatchObject({ Make: 'Apple', Orientation: 1, DateTimeOriginal: '2024:02:10 09:15:00' });
    expect(tags.latitude).toBeCloseTo(-22.951916, 5);
  });

  it('writes an upright JPEG of an oriented JPEG', async () => {
    const output = join(dir, 'upright.jpg');
    expect(await convertToJpeg(fixture('photo-exif.jpg'), output)).toMatchObject({ width: 480, height: 640 });
    const meta = await sharp(output).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([480, 640, 1]);
  });

  it('leaves no file behind when the input is corrupt', async () => {
    const output = join(dir, 'corrupt-out.jpg');
    expect((await rejection(convertToJpeg(fixture('corrupt.jpg'), output))).reason).toBe('corrupt');
    expect((await readdir(dir)).filter((name) => name.startsWith('corrupt-out'))).toEqual([]);
  });
});
