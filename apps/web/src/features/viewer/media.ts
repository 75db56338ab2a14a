import { extensionOf, type RemoteFile, type ServiceDirectory } from '@trove/contract';
import { thumbHashToDataURL } from 'thumbhash';

/** Formats every browser draws in an <img>; other originals (RAW, TIFF, PSD) zoom the thumbnail. */
const DRAWABLE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'png', 'gif', 'webp', 'avif', 'bmp']);

/** The 1280 thumbnail (spec 000 §9 sizes) on the thumb host; undefined until the worker made it. */
export function largeThumbUrl(directory: ServiceDirectory, file: RemoteFile): string | undefined {
  return file.thumb_url_large ? `${directory.thumb}${file.thumb_url_large}` : undefined;
}

/**
 * What a zoom shows: the original on the app host, or its JPEG for a HEIC (spec 000 §7
 * `to_jpeg`); undefined for originals no browser draws, whose thumbnail is zoomed instead.
 */
export function originalUrl(directory: ServiceDirectory, file: RemoteFile): string | undefined {
  if (file.jpeg_url) return `${directory.app}${file.jpeg_url}`;
  return DRAWABLE_EXTENSIONS.has(extensionOf(file.name)) ? `${directory.app}${file.file_url}` : undefined;
}

/** The low-quality MP4 the viewer plays (spec 000 §7 `sub`) on the video host. */
export function playableVideoUrl(directory: ServiceDirectory, file: RemoteFile): string | undefined {
  return file.video_url ? `${directory.video}${file.video_url}` : undefined;
}

/** The thumbhash as a data URL: the blurred picture painted before the thumbnail arrives. */
export function placeholderOf(thumbhash: string | null): string | undefined {
  if (!thumbhash) return undefined;
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
