import { z } from 'zod/mini';
import { MAX_UPLOAD_BYTES } from './constants.ts';

/**
 * Which files Trove accepts, judged by name alone (spec 000 §3 File type, §5 upload checks,
 * §9 limits). The server additionally checks the content against the extension
 * (apps/server/src/media/sniff.ts); everything here is pure and shared with the web client.
 */

/** File type of a file: "Pictures, Movies or Documents, derived from duration or extension" (spec 000 §3). */
export const FileType = z.enum(['Pictures', 'Movies', 'Documents']);
export type FileType = z.infer<typeof FileType>;

/** Camera raw formats (spec 000 §5 "many raw formats"). */
const RAW_EXTENSIONS = [
  'dng',
  'cr2',
  'cr3',
  'crw',
  'nef',
  'nrw',
  'arw',
  'srf',
  'sr2',
  'orf',
  'rw2',
  'raf',
  'pef',
  'srw',
  'x3f',
  '3fr',
  'erf',
  'kdc',
  'mrw',
  'mos',
  'iiq',
] as const;

/**
 * Accepted extensions per category: lowercase, without the dot (spec 000 §5 "Supported
 * pictures include jpg, jpeg, png, gif, tiff, webp, heic, heif, bmp, psd and many raw
 * formats; videos include mp4, mov, avi, mkv, mpeg, webm, 3gp, wmv and others"). Documents
 * are the non-media files people keep (spec 000 §2 Documents page). Every extension listed
 * here has a content check on the server; .svg and .html are deliberately absent.
 */
export const SUPPORTED_EXTENSIONS: {
  readonly pictures: readonly string[];
  readonly movies: readonly string[];
  readonly documents: readonly string[];
} = Object.freeze({
  pictures: Object.freeze([
    'jpg',
    'jpeg',
    'jpe',
    'jfif',
    'png',
    'gif',
    'tif',
    'tiff',
    'webp',
    'heic',
    'heif',
    'hif',
    'avif',
    'jxl',
    'bmp',
    'psd',
    'psb',
    ...RAW_EXTENSIONS,
  ]),
  movies: Object.freeze([
    'mp4',
    'm4v',
    'mov',
    'qt',
    'avi',
    'mkv',
    'webm',
    'mpeg',
    'mpg',
    'mpe',
    'm2v',
    'vob',
    'mts',
    'm2ts',
    'ts',
    '3gp',
    '3g2',
    'wmv',
    'asf',
    'flv',
    'ogv',
  ]),
  documents: Object.freeze([
    'pdf',
    'txt',
    'md',
    'csv',
    'rtf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'odt',
    'ods',
    'odp',
    'pages',
    'numbers',
    'key',
    'epub',
    'zip',
  ]),
});

/** Raw extensions, for the server's content rules (TIFF-like raw headers). */
export const RAW_PICTURE_EXTENSIONS: readonly string[] = Object.freeze([...RAW_EXTENSIONS]);

const TYPE_BY_EXTENSION: ReadonlyMap<string, FileType> = new Map<string, FileType>([
  ...SUPPORTED_EXTENSIONS.pictures.map((ext): [string, FileType] => [ext, 'Pictures']),
  ...SUPPORTED_EXTENSIONS.movies.map((ext): [string, FileType] => [ext, 'Movies']),
  ...SUPPORTED_EXTENSIONS.documents.map((ext): [string, FileType] => [ext, 'Documents']),
]);

/**
 * Last segment of a path, splitting on both `/` and `\` (browsers and Windows clients send
 * either). `'a/b\\c.jpg'` gives `'c.jpg'`; a path ending in a separator gives `''`.
 */
export function fileNameOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(cut + 1);
}

/**
 * Lowercase extension of a path's file name, without the dot; `''` when there is none.
 * `'a/b/c.JPG'` → `'jpg'`, `'.hidden'` → `''`, `'noext'` → `''`, `'x.tar.gz'` → `'gz'`.
 */
export function extensionOf(path: string): string {
  const name = fileNameOf(path);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  return name.slice(dot + 1).toLowerCase();
}

/** `'.JPG'` and `'JPG'` both become `'jpg'`. */
function normalizeExtension(ext: string): string {
  return (ext.startsWith('.') ? ext.slice(1) : ext).toLowerCase();
}

/**
 * File type implied by an extension (spec 000 §3, §5), or `undefined` when Trove does not
 * accept it (the upload check "UnSupported"). Case-insensitive; a leading dot is ignored.
 */
export function fileTypeOfExtension(ext: string): FileType | undefined {
  return TYPE_BY_EXTENSION.get(normalizeExtension(ext));
}

/** Whether a path's extension is accepted at all (spec 000 §5). */
export function isSupportedPath(path: string): boolean {
  return fileTypeOfExtension(extensionOf(path)) !== undefined;
}

/**
 * File type of a stored file, "derived from duration or extension" (spec 000 §3): a positive
 * duration means a movie (duration 0 means picture); otherwise the extension decides.
 */
export function deriveFileType(path: string, durationSeconds: number): FileType | undefined {
  if (durationSeconds > 0) return 'Movies';
  return fileTypeOfExtension(extensionOf(path));
}

/** Screenshots are files whose name begins with `screenshot_`, any case (spec 000 §3). */
export function isScreenshotName(path: string): boolean {
  return fileNameOf(path).toLowerCase().startsWith('screenshot_');
}

/** Outcome of the name-and-size upload checks of spec 000 §5 (before any byte is read). */
export type UploadPrecheck =
  { ok: true; type: FileType; extension: string } | { ok: false; error: 'UnSupported' | 'TooLargeFile' };

/**
 * The client-side upload checks of spec 000 §5 that need no bytes: an unsupported extension
 * is `UnSupported`; a size over 200 GiB (spec 000 §9, MAX_UPLOAD_BYTES) is `TooLargeFile`.
 */
export function precheckUpload(path: string, size: number): UploadPrecheck {
  const extension = extensionOf(path);
  const type = fileTypeOfExtension(extension);
  if (!type) return { ok: false, error: 'UnSupported' };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, error: 'TooLargeFile' };
  return { ok: true, type, extension };
}

/** Response of GET /supported_extensions (spec 000 §2 developer test page). */
export const SupportedExtensionsResponse = z.object({
  pictures: z.array(z.string()),
  movies: z.array(z.string()),
  documents: z.array(z.string()),
});
export type SupportedExtensionsResponse = z.infer<typeof SupportedExtensionsResponse>;
