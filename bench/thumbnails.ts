import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { processImage } from '../apps/server/src/media/image.ts';
import { createLimiter } from '../apps/server/src/media/pool.ts';
import { landscapeJpeg } from '../apps/server/src/seed/library.ts';
import { makeDataDir, removeDataDir } from './lib/server.ts';

/** A 12 MP (4000×3000) camera-like JPEG with EXIF, made from a generated landscape. */
async function twelveMegapixel(seed: number): Promise<Buffer> {
  const scene = await landscapeJpeg(new Date(Date.UTC(2024, 5, seed + 1)), seed);
  // Noise keeps the JPEG as costly to decode as a real photo (flat colour decodes fast).
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .resize(4000, 3000, { fit: 'fill' })
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withExifMerge({ IFD0: { Make: 'Bench', Model: 'Twelve' } })
    .toBuffer();
}

/** The same two thumbnails (256 and 1280, WebP q80, upright) with plain sharp, one image at a time. */
async function plainSharp(file: string): Promise<void> {
  const image = sharp(file).rotate();
  await Promise.all([
    image.clone().resize(256, 256, { fit: 'inside' }).webp({ quality: 80 }).toBuffer(),
    image.clone().resize(1280, 1280, { fit: 'inside' }).webp({ quality: 80 }).toBuffer(),
  ]);
}

/**
 * Thumbnails per minute of 12 MP JPEGs: the media pipeline (one decode, both sizes,
 * thumbhash, EXIF) against plain sharp making the same two sizes, both one image at a
 * time on the same files.
 */
export async function benchThumbnails(
  count: number,
): Promise<{ pipelinePerMinute: number; sharpPerMinute: number }> {
  const dir = await makeDataDir();
  try {
    const files: string[] = [];
    for (let i = 0; i < count; i++) {
      const file = path.join(dir, `photo-${String(i)}.jpg`);
      fs.writeFileSync(file, await twelveMegapixel(i));
      files.push(file);
    }
    const limiter = createLimiter(1);
    // Warm both paths once so neither pays for loading libvips.
    await processImage(files[0] ?? '', { limiter });
    await plainSharp(files[0] ?? '');
    const time = async (work: (file: string) => Promise<unknown>) => {
      const started = performance.now();
      for (const file of files) await work(file);
      return (files.length / (performance.now() - started)) * 60_000;
    };
    const sharpPerMinute = await time(plainSharp);
    const pipelinePerMinute = await time((file) => processImage(file, { limiter }));
    return { pipelinePerMinute, sharpPerMinute };
  } finally {
    removeDataDir(dir);
  }
}
