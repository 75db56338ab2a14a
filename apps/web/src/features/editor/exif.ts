import type { FileMetadata } from '@trove/contract';
import piexif, { type ExifDictionary } from 'piexifjs';

/*
 * [Note: Edited copies keep the original's facts] The editor's canvas makes a JPEG without
 * EXIF. Before the copy is uploaded, the original's taken time and camera facts, as its
 * record holds them (RemoteFile.taken, GET /jobs/{id}/metadata/{fileId}), are written into
 * the copy's own EXIF here; the server then reads them from the bytes exactly as it does for
 * any upload (media worker, apps/server/src/media/exif.ts). So the copy's record, its
 * download, a takeout and a re-upload elsewhere all say the same, the server trusts no
 * claim beyond the bytes, and the upload is the normal one (hash, dedup, thumbnails).
 * Where the photo was taken is written only when the metadata call answered it, which it
 * does for the photo's uploader alone (docs/SPEC-DEVIATIONS.md "metadata position"): a copy
 * of someone else's photo carries no position. See docs/ARCHITECTURE.md "The photo editor".
 */

/** EXIF 2.31's OffsetTimeOriginal, which piexifjs (EXIF 2.3) does not know by itself. */
const OFFSET_TIME_ORIGINAL = 36881;
if (!(OFFSET_TIME_ORIGINAL in piexif.TAGS.Exif))
  piexif.TAGS.Exif[OFFSET_TIME_ORIGINAL] = { name: 'OffsetTimeOriginal', type: 'Ascii' };

/** What of the original the copy keeps. */
export interface OriginalFacts {
  /** When it was taken, seconds since the epoch (RemoteFile.taken). */
  takenSeconds: number;
  metadata: FileMetadata;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * "YYYY:MM:DD HH:MM:SS" of the instant in UTC; with OffsetTimeOriginal "+00:00" it names
 * the same instant the original's record holds, whatever the zone the camera was in.
 */
export function exifDateOf(seconds: number): string {
  const d = new Date(seconds * 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}:${pad(d.getUTCMonth() + 1)}:${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** A positive number as an EXIF rational; an exposure under a second as 1/n when it is one. */
export function rationalOf(value: number, denominator = 1000): [number, number] {
  if (value > 0 && value < 1) {
    const inverse = 1 / value;
    if (Math.abs(inverse - Math.round(inverse)) < 1e-6) return [1, Math.round(inverse)];
  }
  return [Math.round(value * denominator), denominator];
}

/**
 * Degrees as EXIF's degrees, minutes and seconds, the seconds to 1/10 000: the position
 * comes back within a millimetre (piexifjs's own helper keeps 1/100 of a second, 30 cm).
 */
export function dmsOf(degrees: number): number[][] {
  const abs = Math.abs(degrees);
  const whole = Math.floor(abs);
  const minutes = Math.floor((abs - whole) * 60);
  const seconds = Math.round(((abs - whole) * 60 - minutes) * 60 * 10_000);
  return [
    [whole, 1],
    [minutes, 1],
    [seconds, 10_000],
  ];
}

/** The EXIF dictionary of the original's facts. */
export function exifOf(facts: OriginalFacts): Partial<ExifDictionary> {
  const { metadata: m } = facts;
  const zeroth: Record<number, string> = {};
  if (m.manufacturer) zeroth[piexif.ImageIFD.Make ?? 271] = m.manufacturer;
  if (m.model) zeroth[piexif.ImageIFD.Model ?? 272] = m.model;
  const exif: ExifDictionary['Exif'] = {
    [piexif.ExifIFD.DateTimeOriginal ?? 36867]: exifDateOf(facts.takenSeconds),
    [OFFSET_TIME_ORIGINAL]: '+00:00',
  };
  if (m.iso !== undefined && m.iso > 0) exif[piexif.ExifIFD.ISOSpeedRatings ?? 34855] = Math.round(m.iso);
  if (m.aperture !== undefined && m.aperture > 0)
    exif[piexif.ExifIFD.FNumber ?? 33437] = rationalOf(m.aperture, 100);
  if (m.exposure !== undefined && m.exposure > 0)
    exif[piexif.ExifIFD.ExposureTime ?? 33434] = rationalOf(m.exposure, 1_000_000);
  if (m.focal_length !== undefined && m.focal_length > 0)
    exif[piexif.ExifIFD.FocalLength ?? 37386] = rationalOf(m.focal_length, 100);
  const dictionary: Partial<ExifDictionary> = { '0th': zeroth, Exif: exif };
  if (m.latitude !== undefined && m.longitude !== undefined) {
    const gps = piexif.GPSIFD;
    dictionary.GPS = {
      [gps.GPSVersionID ?? 0]: [2, 3, 0, 0],
      [gps.GPSLatitudeRef ?? 1]: m.latitude < 0 ? 'S' : 'N',
      [gps.GPSLatitude ?? 2]: dmsOf(m.latitude),
      [gps.GPSLongitudeRef ?? 3]: m.longitude < 0 ? 'W' : 'E',
      [gps.GPSLongitude ?? 4]: dmsOf(m.longitude),
    };
  }
  return dictionary;
}

/** A JPEG data URL with the original's facts as its EXIF (See: [Note: Edited copies keep the original's facts]). */
export function withOriginalExif(jpegDataUrl: string, facts: OriginalFacts): string {
  return piexif.insert(piexif.dump(exifOf(facts)), jpegDataUrl);
}

/** The bytes of a data URL. */
export function bytesOfDataUrl(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
