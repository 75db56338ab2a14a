import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { PLAIN_JPEG } from '../../test/factories.ts';
import { bytesOfDataUrl, exifDateOf, rationalOf, withOriginalExif } from './exif.ts';

/** What the server's EXIF reader (apps/server/src/media/exif.ts) asks exifr for. */
const SERVER_OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  ifd1: false,
  translateValues: false,
  reviveValues: false,
} as const;

const read = (dataUrl: string) =>
  exifr.parse(bytesOfDataUrl(dataUrl).buffer, SERVER_OPTIONS) as Promise<Record<string, unknown>>;

describe('the edited copy keeps the original facts in its EXIF', () => {
  // 2021-07-04 16:05:09 UTC.
  const taken = Date.UTC(2021, 6, 4, 16, 5, 9) / 1000;

  it('writes the taken instant with its zero offset and the camera facts', async () => {
    const jpeg = withOriginalExif(PLAIN_JPEG, {
      takenSeconds: taken,
      metadata: {
        manufacturer: 'Fujifilm',
        model: 'X100V',
        iso: 400,
        aperture: 2.8,
        exposure: 0.004,
        focal_length: 23,
      },
    });
    const tags = await read(jpeg);
    expect(tags).toMatchObject({
      Make: 'Fujifilm',
      Model: 'X100V',
      DateTimeOriginal: '2021:07:04 16:05:09',
      OffsetTimeOriginal: '+00:00',
      ISO: 400,
      FNumber: 2.8,
      ExposureTime: 0.004,
      FocalLength: 23,
    });
    expect(tags).not.toHaveProperty('GPSLatitude');
    // Still a JPEG that starts as one.
    expect([...bytesOfDataUrl(jpeg).slice(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('writes the position only when the metadata answer holds it', async () => {
    const jpeg = withOriginalExif(PLAIN_JPEG, {
      takenSeconds: taken,
      metadata: { latitude: -33.8568, longitude: 151.2153 },
    });
    const tags = await read(jpeg);
    expect(tags.GPSLatitudeRef).toBe('S');
    expect(tags.GPSLongitudeRef).toBe('E');
    const [d = 0, m = 0, s = 0] = tags.GPSLatitude as number[];
    expect(d + m / 60 + s / 3600).toBeCloseTo(33.8568, 7);
    const [ld = 0, lm = 0, ls = 0] = tags.GPSLongitude as number[];
    expect(ld + lm / 60 + ls / 3600).toBeCloseTo(151.2153, 7);
  });

  it('spells dates and rationals as EXIF does', () => {
    expect(exifDateOf(taken)).toBe('2021:07:04 16:05:09');
    expect(rationalOf(0.004, 1_000_000)).toEqual([1, 250]);
    expect(rationalOf(2.8, 100)).toEqual([280, 100]);
    expect(rationalOf(1.5, 1_000_000)).toEqual([1_500_000, 1_000_000]);
  });
});
