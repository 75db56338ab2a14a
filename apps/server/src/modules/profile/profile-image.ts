import sharp from 'sharp';
import {
  PROFILE_PICTURE_FORMATS,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_THUMB_PX,
} from '@trove/contract';
import { EmptyFileError, UnsupportedFileError } from '../../errors.ts';
import { decodeLimiter } from '../../media/image.ts';
import { sniffContent } from '../../media/sniff.ts';

/** A profile picture is small: 40 MP is more than any phone photo, far below a bomb. */
const MAX_PIXELS = 40_000_000;
const TIMEOUT_SECONDS = 20;

export type ProfileFormat = (typeof PROFILE_PICTURE_FORMATS)[number];

/** What a received profile picture is, and its served rendition. */
export interface ProfileImage {
  format: ProfileFormat;
  /** JPEG, at most PROFILE_PICTURE_THUMB_PX on its longer side, turned upright, no metadata. */
  thumb: Buffer;
}

/**
 * Checks received bytes are a picture of an allowed type (by their content, never the name or
 * the declared type) and makes the rendition that is served. SVG and other formats are refused
 * before a decoder sees them; a decode failure is the client's 415, not the server's 500.
 */
export async function renderProfileImage(bytes: Buffer): Promise<ProfileImage> {
  if (bytes.length === 0) throw new EmptyFileError();
  const { kind } = sniffContent(bytes);
  const format = PROFILE_PICTURE_FORMATS.find((f) => f === kind);
  if (format === undefined)
    throw new UnsupportedFileError('A profile picture must be a JPEG, PNG or WebP image');
  try {
    const thumb = await decodeLimiter.run(() =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .timeout({ seconds: TIMEOUT_SECONDS })
        // Upright as the camera meant it; the output keeps no EXIF (sharp drops it by default),
        // so no place or device reaches the people who see the picture.
        .rotate()
        .resize(PROFILE_PICTURE_THUMB_PX, PROFILE_PICTURE_THUMB_PX, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer(),
    );
    return { format, thumb };
  } catch (error) {
    throw new UnsupportedFileError(
      `The picture could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The 413 text of a picture over the limit. */
export const TOO_LARGE_MESSAGE = `A profile picture may be at most ${String(PROFILE_PICTURE_MAX_BYTES / 1024 / 1024)} MiB`;
