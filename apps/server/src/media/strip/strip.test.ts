import { execFile } from 'node:child_process';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeHeicWorkers, decodeHeic } from '../heic.ts';
import { findHeifExif } from '../heif-exif.ts';
import { blockReader, memoryReader } from './byte-source.ts';
import { applyPatches, patchStream, type Patch } from './patches.ts';
import { planStrip, type StripPlan } from './plan.ts';

const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));

async function strip(bytes: Buffer): Promise<{ plan: StripPlan; out: Buffer; patches: Patch[] }> {
  const plan = await planStrip(memoryReader(bytes), bytes.length);
  if (plan.kind !== 'patched') return { plan, out: bytes, patches: [] };
  return { plan, out: applyPatches(bytes, plan.patches), patches: plan.patches };
}

const OPTIONS = { tiff: true, exif: true, gps: true, xmp: true, ifd1: false, reviveValues: false } as const;

/** What a reader sees of the place and the camera: exifr over the file (or TIFF bytes). */
async function metadata(input: Buffer) {
  const tags = ((await exifr.parse(input, OPTIONS)) ?? {}) as Record<string, unknown>;
  return {
    latitude: tags.latitude ?? tags.GPSLatitude,
    make: tags.Make,
    model: tags.Model,
    taken: tags.DateTimeOriginal,
  };
}

const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

/** Bytes outside the patches are the stored bytes, and the length is the same. */
function expectOnlyPatchesChanged(before: Buffer, after: Buffer, patches: readonly Patch[]) {
  expect(after.length).toBe(before.length);
  let from = 0;
  for (const patch of patches) {
    expect(after.subarray(from, patch.offset).equals(before.subarray(from, patch.offset))).toBe(true);
    from = patch.offset + patch.bytes.length;
  }
  expect(after.subarray(from).equals(before.subarray(from))).toBe(true);
}

/** A WebP with EXIF and XMP chunks (VP8X extended format), around a lossless image. */
async function webpWithMetadata(exifTiff: Buffer, xmp: string): Promise<Buffer> {
  const simple = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2050c0' } })
    .webp({ lossless: true })
    .toBuffer();
  const image = simple.subarray(12); // the VP8L chunk
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  vp8x.writeUIntLE(31, 4, 3);
  vp8x.writeUIntLE(23, 7, 3);
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    chunk('VP8X', vp8x),
    image,
    chunk('EXIF', exifTiff),
    chunk('XMP ', Buffer.from(xmp)),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** The TIFF bytes of a JPEG's Exif APP1 segment. */
function exifTiffOf(jpeg: Buffer): Buffer {
  const at = jpeg.indexOf('Exif\0\0');
  const length = jpeg.readUInt16BE(at - 2);
  return jpeg.subarray(at + 6, at - 2 + length);
}

const XMP_WITH_PLACE =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="59,54.832N"/>' +
  '</rdf:RDF></x:xmpmeta>';

afterAll(closeHeicWorkers);

/** The TIFF bytes of a WebP's EXIF chunk (exifr reads no WebP). */
function webpExif(webp: Buffer): Buffer {
  const at = webp.indexOf('EXIF');
  return webp.subarray(at + 8, at + 8 + webp.readUInt32LE(at + 4));
}

describe('place stripping', () => {
  it('empties the GPS IFD and blanks the XMP of a JPEG, keeping date and camera and every pixel', async () => {
    const before = await fixture('place-xmp.jpg');
    expect(await metadata(before)).toMatchObject({ latitude: 59.913868, make: 'Canon' });
    expect(before.includes('exif:GPSLatitude')).toBe(true);
    const { out, patches } = await strip(before);
    expect(await metadata(out)).toEqual({
      latitude: undefined,
      make: 'Canon',
      model: 'Canon EOS R5',
      taken: '2023:07:14 18:32:05',
    });
    for (const text of ['GPSLatitude', 'GPSLongitude', 'Oslo']) expect(out.includes(text)).toBe(false);
    expectOnlyPatchesChanged(before, out, patches);
    // The entropy-coded data is untouched, and decodes to the same pixels.
    const sos = before.indexOf(Buffer.from([0xff, 0xda]));
    expect(patches.every((p) => p.offset + p.bytes.length <= sos)).toBe(true);
    expect((await pixels(out)).equals(await pixels(before))).toBe(true);
  });

  it.each(['place.png', 'place.tif'])(
    'strips %s (PNG: eXIf and XMP text chunks, CRCs written anew; TIFF: its IFD0), keeping every pixel',
    async (name) => {
      const before = await fixture(name);
      expect(await metadata(before)).toMatchObject({ latitude: 59.913868, make: 'Google' });
      const { out, patches } = await strip(before);
      expect(await metadata(out)).toEqual({
        latitude: undefined,
        make: 'Google',
        model: 'Pixel 8',
        taken: '2022:12:24 20:00:00',
      });
      expect(out.includes('GPSLatitude')).toBe(false);
      expectOnlyPatchesChanged(before, out, patches);
      // libpng checks every chunk's CRC: a wrong one fails the decode.
      expect((await pixels(out)).equals(await pixels(before))).toBe(true);
    },
  );

  it('writes a valid CRC for every PNG chunk it patched', async () => {
    const { out } = await strip(await fixture('place.png'));
    let at = 8;
    while (at < out.length) {
      const length = out.readUInt32BE(at);
      const crc = crc32(out.subarray(at + 4, at + 8 + length)) >>> 0;
      expect(out.readUInt32BE(at + 8 + length)).toBe(crc);
      at += 12 + length;
    }
  });

  it('strips the EXIF and XMP chunks of a WebP', async () => {
    const before = await webpWithMetadata(exifTiffOf(await fixture('photo-exif.jpg')), XMP_WITH_PLACE);
    expect(await metadata(webpExif(before))).toMatchObject({ latitude: 59.913868, make: 'Canon' });
    const { out, patches } = await strip(before);
    expect(await metadata(webpExif(out))).toMatchObject({
      latitude: undefined,
      make: 'Canon',
      taken: '2023:07:14 18:32:05',
    });
    expect(out.includes('GPSLatitude')).toBe(false);
    expectOnlyPatchesChanged(before, out, patches);
    expect((await pixels(out)).equals(await pixels(before))).toBe(true);
  });

  it('strips the Exif item of a HEIC', async () => {
    const before = await fixture('photo.heic');
    const tiffBefore = findHeifExif(before);
    if (!tiffBefore) throw new Error('the fixture has EXIF');
    expect(await metadata(Buffer.from(tiffBefore))).toMatchObject({ latitude: -22.951916, make: 'Apple' });
    const { out, patches } = await strip(before);
    const tiffAfter = findHeifExif(out);
    if (!tiffAfter) throw new Error('the EXIF item stays');
    expect(await metadata(Buffer.from(tiffAfter))).toMatchObject({ latitude: undefined, make: 'Apple' });
    expectOnlyPatchesChanged(before, out, patches);
    const decoded = await decodeHeic(out);
    expect(Buffer.from(decoded.data).equals(Buffer.from((await decodeHeic(before)).data))).toBe(true);
  });

  it('turns the location atoms of an MP4 into free space and zeroes the location keys', async () => {
    const before = await fixture('place.mp4');
    expect(before.includes('+59.913868+010.752245/')).toBe(true);
    const { out, patches } = await strip(before);
    expect(out.includes('+59.913868')).toBe(false);
    expect(out.includes('\xa9xyz', 0, 'latin1')).toBe(false);
    expectOnlyPatchesChanged(before, out, patches);
    // Still a movie ffprobe reads, with no location tag left.
    const dir = await mkdtemp(join(tmpdir(), 'strip-'));
    try {
      await writeFile(join(dir, 'out.mp4'), out);
      const { stdout } = await promisify(execFile)('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:format_tags:stream=codec_name',
        '-of',
        'json',
        join(dir, 'out.mp4'),
      ]);
      const probed = JSON.parse(stdout) as { format: { duration: string; tags?: Record<string, string> } };
      expect(Number(probed.format.duration)).toBeGreaterThan(0.3);
      // The key may stay, with an empty value.
      const tags = probed.format.tags ?? {};
      expect(JSON.stringify(tags)).not.toMatch(/59\.91/);
      expect(Object.entries(tags).filter(([key, value]) => /location/i.test(key) && value !== '')).toEqual(
        [],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves a file without a place as it is, and refuses containers it cannot strip', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await strip(plain)).plan).toEqual({ kind: 'patched', patches: [], crcDelta: 0 });
    const matroska = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60)]);
    expect((await strip(matroska)).plan.kind).toBe('refused');
    // A JPEG whose segment lies about its length is refused, not passed.
    const lying = Buffer.from(await fixture('place-xmp.jpg'));
    lying.writeUInt16BE(0xfff0, 4);
    expect((await strip(lying.subarray(0, 5000))).plan.kind).toBe('refused');
  });

  it('serves any byte range of the stripped file, and knows its CRC-32 without reading it', async () => {
    const before = await fixture('place-xmp.jpg');
    const { plan, out } = await strip(before);
    if (plan.kind !== 'patched') throw new Error('patched');
    expect((crc32(before) ^ plan.crcDelta) >>> 0).toBe(crc32(out) >>> 0);
    const first = plan.patches[0];
    if (!first) throw new Error('a patch');
    const ranges = [
      { start: 0, end: before.length - 1 },
      { start: first.offset + 1, end: first.offset + 40 },
      { start: 3, end: 2000 },
      { start: before.length - 100, end: before.length - 1 },
    ];
    for (const range of ranges) {
      // Small chunks, so patches fall across chunk boundaries.
      const chunks: Buffer[] = [];
      for (let at = range.start; at <= range.end; at += 7)
        chunks.push(before.subarray(at, Math.min(range.end + 1, at + 7)));
      const served: Buffer[] = [];
      for await (const chunk of patchStream(
        Readable.from(chunks),
        plan.patches,
        range.start,
      ) as AsyncIterable<Buffer>)
        served.push(chunk);
      expect(Buffer.concat(served).equals(out.subarray(range.start, range.end + 1))).toBe(true);
    }
    // The block reader (used over the store) plans the same as reading from memory.
    const viaBlocks = await planStrip(
      blockReader(
        (range) => Promise.resolve(Readable.from([before.subarray(range.start, range.end + 1)])),
        before.length,
      ),
      before.length,
    );
    expect(viaBlocks).toEqual(plan);
  });
});
