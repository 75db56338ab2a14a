import { extensionOf } from '@trove/contract';
import type { SniffKind } from '../../media/sniff.ts';

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

/**
 * What a document opened in a tab (`disposition=inline`) may be shown as: a PDF or a raster
 * picture a browser draws, by what its bytes are (sniffed) as well as by its name. Never SVG
 * or HTML, whatever either says (RESEARCH-RELIABILITY: stored XSS via uploads).
 */
const INLINE_DOCUMENT: Readonly<Partial<Record<SniffKind, string>>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
};

/**
 * The type to open a file in a tab with (issue #23): inline only when its name's type and its
 * sniffed content agree on a PDF or a raster picture; anything else an octet-stream attachment.
 */
export function openedTypeOf(path: string, kind: SniffKind): ServedType {
  const contentType = INLINE_DOCUMENT[kind];
  const named = extensionOf(path) === 'pdf' ? 'application/pdf' : INLINE[extensionOf(path)];
  return contentType !== undefined && contentType === named
    ? { contentType, attachment: false }
    : { contentType: 'application/octet-stream', attachment: true };
}

/** The file name extension of each rendition's type (derivatives table content_type). */
const EXTENSION_OF: Readonly<Record<string, string>> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
};

/** The extension a file of this content type goes by; `bin` for a type not listed. */
export function extensionForType(contentType: string): string {
  return EXTENSION_OF[contentType] ?? 'bin';
}

// Control characters (of names stored before they were refused) and the characters that
// reorder text: U+202E makes "photo\u202Egpj.exe" read as "photoexe.jpg" in a save dialog.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `Content-Disposition` with the file's name, safe for any characters (RFC 6266, RFC 8187).
 * The name may hold any script, but no character that hides its real extension (see
 * [Note: Text from users]): those become `_`, in both the ASCII and the UTF-8 form.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const safe = fileName.toWellFormed().replace(UNSAFE_IN_FILE_NAME, '_');
  const ascii = safe.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
