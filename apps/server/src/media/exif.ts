import exifr from 'exifr';

/** What Trove keeps from a photo's EXIF (spec 000 §3 metadata, plus taken time and place). */
export interface ExifData {
  /** When the photo was taken, ms since the epoch; undefined when the file does not say. */
  takenAt?: number;
  /**
   * The UTC offset the camera recorded, in minutes. Undefined when it recorded none: then
   * `takenAt` reads the camera's wall clock as if it were UTC (the local time is right, the
   * instant may be off by the unknown offset).
   */
  takenAtOffsetMinutes?: number;
  /** Device manufacturer and model. */
  make?: string;
  model?: string;
  iso?: number;
  /** Aperture as an f-number (2.8 for f/2.8). */
  fNumber?: number;
  /** Exposure time in seconds (0.004 for 1/250 s). */
  exposureTime?: number;
  /** Focal length in mm. */
  focalLength?: number;
  /** WGS 84 degrees, south and west negative. */
  latitude?: number;
  longitude?: number;
}

const PICK = [
  'Make',
  'Model',
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'SubSecTimeOriginal',
  'CreateDate',
  'OffsetTimeDigitized',
  'SubSecTimeDigitized',
  'ISO',
  'FNumber',
  'ExposureTime',
  'FocalLength',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
];

/**
 * Only the blocks that hold the tags above. `reviveValues: false` keeps dates as the strings
 * in the file: exifr would turn them into Dates in the server's own time zone.
 */
const OPTIONS = {
  tiff: true, // IFD0 comes with it
  exif: true,
  gps: true,
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  translateValues: false,
  reviveValues: false,
  pick: PICK,
} as const;

/** Strings longer than this are junk (or an attack on the database), not a camera name. */
const MAX_TEXT = 128;

const DATE =
  /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const OFFSET = /^(Z)$|^([+-])(\d{2}):?(\d{2})$/;

/** Minutes east of UTC from "+02:00", "-0330" or "Z"; undefined when absent or invalid. */
function parseOffset(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = OFFSET.exec(value.trim());
  if (!match) return undefined;
  if (match[1]) return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  if (minutes > 14 * 60 || Number(match[4]) >= 60) return undefined;
  return match[2] === '-' ? -minutes : minutes;
}

/** Milliseconds from an EXIF SubSecTime ("250" = 0.250 s, "5" = 0.5 s). */
function parseSubSeconds(value: unknown): number {
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(digits) ? Math.floor(Number(`0.${digits}`) * 1000) : 0;
}

/**
 * An EXIF date ("2023:07:14 18:32:05") as ms since the epoch, with its UTC offset when known.
 * The placeholder "0000:00:00 00:00:00" and impossible dates give undefined.
 */
function parseExifDate(
  value: unknown,
  offset: unknown,
  subSeconds: unknown,
): { at: number; offsetMinutes?: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1800 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) {
    return undefined;
  }
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wallClock).getUTCDate() !== day) return undefined; // 31 February and friends
  const fraction = match[7] ? parseSubSeconds(match[7]) : parseSubSeconds(subSeconds);
  const offsetMinutes = parseOffset(match[8]) ?? parseOffset(offset);
  const at = wallClock + fraction - (offsetMinutes ?? 0) * 60_000;
  return offsetMinutes === undefined ? { at } : { at, offsetMinutes };
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- EXIF strings are NUL padded
  const cleaned = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned ? cleaned.slice(0, MAX_TEXT) : undefined;
}

function positive(value: unknown): number | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value; // ISO may be a list
  return typeof first === 'number' && Number.isFinite(first) && first > 0 ? first : undefined;
}

/** exifr's decimal degrees, when valid. (0, 0) is what cameras without a fix often write. */
function position(tags: Record<string, unknown>): { latitude: number; longitude: number } | undefined {
  const { latitude, longitude } = tags;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  if (latitude === 0 && longitude === 0) return undefined;
  return { latitude, longitude };
}

/** Turns exifr's merged tags into ExifData, dropping anything missing or implausible. */
export function toExifData(tags: Record<string, unknown>): ExifData {
  const taken =
    parseExifDate(tags.DateTimeOriginal, tags.OffsetTimeOriginal, tags.SubSecTimeOriginal) ??
    parseExifDate(tags.CreateDate, tags.OffsetTimeDigitized, tags.SubSecTimeDigitized);
  const result: ExifData = {
    takenAt: taken?.at,
    takenAtOffsetMinutes: taken?.offsetMinutes,
    make: text(tags.Make),
    model: text(tags.Model),
    iso: positive(tags.ISO),
    fNumber: positive(tags.FNumber),
    exposureTime: positive(tags.ExposureTime),
    focalLength: positive(tags.FocalLength),
    ...position(tags),
  };
  // Absent fields are left out rather than set to undefined (cleaner JSON, simpler tests).
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

/**
 * Reads the EXIF of a JPEG, PNG, WebP, TIFF or AVIF file or buffer, or of the TIFF block a
 * HEIC holds (see heif-exif.ts). Missing or broken EXIF gives `{}`: it never fails a file.
 */
export async function readExif(input: string | Uint8Array): Promise<ExifData> {
  try {
    // exifr's own type says `any`; it is a plain object of tags or undefined.
    const tags = (await exifr.parse(input, OPTIONS)) as Record<string, unknown> | undefined;
    return tags ? toExifData(tags) : {};
  } catch {
    return {};
  }
}
