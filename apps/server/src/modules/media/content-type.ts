import { extensionOf } from '@trove/contract';

/**
 * Content types the server will send inline. User bytes are served from our own origin, so
 * only types a browser renders as inert media are inline; everything else (documents,
 * camera raw, anything unknown) goes out as an octet-stream attachment, so uploaded HTML or
 * SVG can never run script here (RESEARCH-RELIABILITY: stored XSS via uploads).
 */
const INLINE: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  heic: 'image/heic',
  heif: 'image/heif',
  hif: 'image/heif',
  jxl: 'image/jxl',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

export interface ServedType {
  contentType: string;
  /** True when the browser should save rather than show it. */
  attachment: boolean;
}

export function servedTypeOf(path: string): ServedType {
  const inline = INLINE[extensionOf(path)];
  return inline
    ? { contentType: inline, attachment: false }
    : { contentType: 'application/octet-stream', attachment: true };
}

/** `Content-Disposition` with the file's name, safe for any characters (RFC 6266, RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
