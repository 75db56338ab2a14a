import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExif, toExifData } from './exif.ts';
import { exifApp1Segment, findHeifExif } from './heif-exif.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

describe('toExifData', () => {
  it('prefers DateTimeOriginal with its offset, then CreateDate', () => {
    expect(
      toExifData({
        DateTimeOriginal: '2020:01:02 03:04:05',
        OffsetTimeOriginal: '-05:30',
        CreateDate: '2021:01:01 00:00:00',
      }),
    ).toEqual({ takenAt: Date.UTC(2020, 0, 2, 8, 34, 5), takenAtOffsetMinutes: -330 });
    expect(toExifData({ CreateDate: '2021:06:07 08:09:10', SubSecTimeDigitized: '5' })).toEqual({
      takenAt: Date.UTC(2021, 5, 7, 8, 9, 10, 500),
    });
  });

  it('ignores placeholder and impossible dates and bad offsets', () => {
    expect(toExifData({ DateTimeOriginal: '0000:00:00 00:00:00' })).toEqual({});
    expect(toExifData({ DateTimeOriginal: '2023:02:30 10:00:00', CreateDate: '    ' })).toEqual({});
    expect(toExifData({ DateTimeOriginal: '2023:02:03 10:00:00', OffsetTimeOriginal: '+25:00' })).toEqual({
      takenAt: Date.UTC(2023, 1, 3, 10),
    });
  });

  it('cleans camera names and drops implausible numbers and (0, 0) positions', () => {
    expect(
      toExifData({
        Make: ' NIKON CORPORATION\u0000\u0000',
        Model: '',
        ISO: [800, 0],
        FNumber: Number.NaN,
        ExposureTime: 0,
        FocalLength: 35,
        latitude: 0,
        longitude: 0,
      }),
    ).toEqual({ make: 'NIKON CORPORATION', iso: 800, focalLength: 35 });
    expect(toExifData({ latitude: 91, longitude: 10 })).toEqual({});
  });
});

describe('readExif', () => {
  it('gives {} for files without EXIF or that are not images', async () => {
    expect(await readExif(fixture('bomb.png'))).toEqual({});
    expect(await readExif(fixture('clip.mp4'))).toEqual({});
    expect(await readExif(Buffer.from('not an image'))).toEqual({});
  });
});

describe('HEIF EXIF block', () => {
  it('finds the TIFF block through iloc base_offset and makes an APP1 with orientation 1', async () => {
    const heic = await readFile(fixture('photo.heic'));
    const tiff = findHeifExif(heic);
    expect(tiff && Buffer.from(tiff.subarray(0, 4)).toString('latin1')).toBe('MM\u0000*');
    expect(await readExif(tiff ?? Buffer.alloc(0))).toMatchObject({ make: 'Apple', iso: 64 });
    const app1 = tiff && exifApp1Segment(tiff);
    expect(app1?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xe1]));
    expect(app1?.readUInt16BE(2)).toBe((app1?.length ?? 0) - 2);
  });

  it('gives undefined for truncated or foreign input instead of throwing', async () => {
    const heic = await readFile(fixture('photo.heic'));
    expect(findHeifExif(heic.subarray(0, 300))).toBeUndefined();
    expect(findHeifExif(await readFile(fixture('photo-exif.jpg')))).toBeUndefined();
    expect(findHeifExif(Buffer.alloc(0))).toBeUndefined();
  });
});
