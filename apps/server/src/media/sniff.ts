import { RAW_PICTURE_EXTENSIONS, fileTypeOfExtension, type FileType } from '@trove/contract';

/**
 * Content sniffing for uploads (spec 000 §5 upload checks). The extension decides the file
 * type (spec 000 §3, packages/contract/src/file-types.ts); the magic bytes must then agree
 * with it, so a renamed HTML page, SVG, script or executable is never stored as a picture,
 * movie or document.
 */

/**
 * Bytes of the file's start that the sniffer looks at; callers pass at least this many (or
 * the whole file when shorter). 4096 covers a PDF header anywhere in the first 1024 bytes,
 * an ftyp box with its brands, and 21 MPEG-TS packets (188 bytes) or 20 M2TS ones (192).
 */
export const SNIFF_BYTES = 4096;

/** Every container kind the sniffer names. */
export const SNIFF_KINDS = [
  'jpeg',
  'png',
  'gif',
  'webp',
  'tiff',
  'bmp',
  'psd',
  'heif',
  'avif',
  'jxl',
  'raw-fuji',
  'raw-canon-cr3',
  'raw-canon-crw',
  'raw-minolta',
  'raw-sigma',
  'raw-tiff-variant',
  'isobmff-video',
  'quicktime',
  'riff-avi',
  'matroska',
  'mpeg-ps',
  'mpeg-ts',
  'asf',
  'flv',
  'ogg',
  'pdf',
  'zip',
  'ole2',
  'rtf',
  'text',
  'isobmff-audio',
  'executable',
  'unknown',
] as const;
export type SniffKind = (typeof SNIFF_KINDS)[number];

/** A detected container kind and the file type it implies (`null`: nothing Trove stores). */
export interface SniffResult {
  kind: SniffKind;
  type: FileType | null;
}

/** Verdict of {@link isContentAllowed}. */
export type ContentVerdict = { ok: true; type: FileType; kind: SniffKind } | { ok: false; reason: string };

const PICTURE_KINDS: readonly SniffKind[] = ['jpeg', 'png', 'gif', 'webp', 'tiff', 'bmp', 'psd', 'heif'];
const STRONG_PICTURES = new Set<SniffKind>([
  ...PICTURE_KINDS,
  ...(['avif', 'jxl', 'raw-fuji', 'raw-canon-cr3', 'raw-canon-crw', 'raw-minolta', 'raw-sigma'] as const),
]);
const RAW_PICTURES = new Set<SniffKind>([...STRONG_PICTURES, 'raw-tiff-variant']);
const MOVIES = new Set<SniffKind>([
  ...([
    'isobmff-video',
    'quicktime',
    'riff-avi',
    'matroska',
    'mpeg-ps',
    'mpeg-ts',
    'asf',
    'flv',
    'ogg',
  ] as const),
]);
const DOCUMENTS = new Set<SniffKind>(['pdf', 'zip', 'ole2', 'rtf', 'text']);

/** Document extensions are checked one by one (a zip named .pdf is refused). */
const DOCUMENT_KINDS: Readonly<Record<string, readonly SniffKind[]>> = {
  pdf: ['pdf'],
  txt: ['text'],
  md: ['text'],
  csv: ['text'],
  rtf: ['rtf'],
  doc: ['ole2', 'zip', 'rtf'], // Word saves RTF and OOXML under .doc too
  xls: ['ole2', 'zip'],
  ppt: ['ole2', 'zip'],
};

const bytes = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const has = (h: Uint8Array, sig: readonly number[], at = 0) =>
  h.length >= at + sig.length && sig.every((b, i) => h[at + i] === b);
const ascii = (h: Uint8Array, text: string, at = 0) => has(h, bytes(text), at);
const u32be = (h: Uint8Array, at: number) =>
  ((h[at] ?? 0) * 2 ** 24 + ((h[at + 1] ?? 0) << 16)) | ((h[at + 2] ?? 0) << 8) | (h[at + 3] ?? 0);
const u32le = (h: Uint8Array, at: number) =>
  (h[at] ?? 0) | ((h[at + 1] ?? 0) << 8) | ((h[at + 2] ?? 0) << 16) | ((h[at + 3] ?? 0) * 2 ** 24);
const brandAt = (h: Uint8Array, at: number) => String.fromCharCode(...h.subarray(at, at + 4));

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const JXL_BOX = [0, 0, 0, 0x0c, ...bytes('JXL '), 0x0d, 0x0a, 0x87, 0x0a];
const BMP_DIB_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);
const QT_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const MACHO = [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe];

/** ISO-BMFF brands (ISO/IEC 14496-12, 23008-12 HEIF, AV1-ISOBMFF), by what they imply. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'hevm', 'hevs']);
const GENERIC_IMAGE_BRANDS = new Set(['mif1', 'msf1', 'mif2', 'miaf']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/** Kind of a file starting with an ftyp box; brands from the major one, then compatible ones. */
function sniffFtyp(h: Uint8Array): SniffKind {
  const end = Math.min(u32be(h, 0), h.length);
  const major = brandAt(h, 8);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(brandAt(h, at));
  const specific = (brand: string): SniffKind | undefined => {
    if (brand === 'crx ') return 'raw-canon-cr3';
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIF_BRANDS.has(brand)) return 'heif';
    if (AUDIO_BRANDS.has(brand)) return 'isobmff-audio';
    if (brand === 'qt  ') return 'quicktime';
    return undefined;
  };
  const fromMajor = specific(major);
  if (fromMajor) return fromMajor;
  // A generic (mif1/msf1) or unknown major brand: the compatible list decides, images first.
  for (const want of ['raw-canon-cr3', 'avif', 'heif'] as const) {
    if (compatible.some((brand) => specific(brand) === want)) return want;
  }
  if (GENERIC_IMAGE_BRANDS.has(major) || compatible.some((b) => GENERIC_IMAGE_BRANDS.has(b))) return 'heif';
  if (compatible.includes('qt  ')) return 'quicktime';
  // isom, iso2..9, mp41, mp42, M4V, 3gp*, 3g2*, avc1, dash, mmp4, f4v and camera brands
  // (XAVC, MSNV, CAEP...): an ISO-BMFF file that is not an image or audio is a video.
  return 'isobmff-video';
}

/** MPEG-TS: a 0x47 sync byte every `stride` bytes from `offset`, at least three times. */
function isTransportStream(h: Uint8Array, stride: number, offset: number): boolean {
  if (h.length <= offset + 2 * stride) return false;
  for (let at = offset; at < h.length; at += stride) if (h[at] !== 0x47) return false;
  return true;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Valid UTF-8 without NUL (text documents). A head cut at SNIFF_BYTES may end inside a
 * multi-byte character; that incomplete tail is forgiven.
 */
function isUtf8Text(h: Uint8Array): boolean {
  if (h.includes(0)) return false;
  let end = h.length;
  if (h.length >= SNIFF_BYTES) {
    for (let at = h.length - 1; at >= Math.max(0, h.length - 4); at--) {
      const b = h[at] ?? 0;
      if ((b & 0xc0) === 0x80) continue; // continuation byte
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (at + need > h.length) end = at;
      break;
    }
  }
  try {
    utf8.decode(h.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

function sniffKind(h: Uint8Array): SniffKind {
  if (h.length === 0) return 'unknown';
  if (has(h, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (has(h, [0x89, ...bytes('PNG\r\n'), 0x1a, 0x0a])) return 'png';
  if (ascii(h, 'GIF87a') || ascii(h, 'GIF89a')) return 'gif';
  if (ascii(h, 'RIFF') && ascii(h, 'WEBP', 8)) return 'webp';
  if (ascii(h, 'RIFF') && ascii(h, 'AVI ', 8)) return 'riff-avi';
  if (has(h, [0x49, 0x49, 0x2a, 0]) || has(h, [0x4d, 0x4d, 0, 0x2a])) return 'tiff';
  if (has(h, [0x49, 0x49, 0x2b, 0]) || has(h, [0x4d, 0x4d, 0, 0x2b])) return 'tiff'; // BigTIFF
  if (ascii(h, 'II\x1a\0\0\0HEAPCCDR')) return 'raw-canon-crw';
  if (['IIRO', 'IIRS', 'MMOR', 'IIU\0', 'IIII', 'MMMM'].some((sig) => ascii(h, sig)))
    return 'raw-tiff-variant';
  if (ascii(h, 'FUJIFILMCCD-RAW')) return 'raw-fuji';
  if (ascii(h, '\0MRM')) return 'raw-minolta';
  if (ascii(h, 'FOVb')) return 'raw-sigma';
  if (ascii(h, '8BPS') && (has(h, [0, 1], 4) || has(h, [0, 2], 4))) return 'psd';
  if (ascii(h, 'BM') && h.length >= 18 && BMP_DIB_SIZES.has(u32le(h, 14))) return 'bmp';
  if (has(h, [0xff, 0x0a]) || has(h, JXL_BOX)) return 'jxl';
  if (ascii(h, 'ftyp', 4) && u32be(h, 0) >= 16) return sniffFtyp(h);
  if (QT_ATOMS.has(brandAt(h, 4)) && h.length >= 8 && !(u32be(h, 0) > 1 && u32be(h, 0) < 8)) {
    return 'quicktime';
  }
  if (has(h, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (has(h, [0, 0, 1, 0xba]) || has(h, [0, 0, 1, 0xb3])) return 'mpeg-ps';
  if (isTransportStream(h, 188, 0) || isTransportStream(h, 192, 4)) return 'mpeg-ts';
  if (has(h, ASF_GUID)) return 'asf';
  if (has(h, [...bytes('FLV'), 1])) return 'flv';
  if (ascii(h, 'OggS')) return 'ogg';
  if (ascii(h, '%PDF-') || Buffer.from(h.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
  if (ascii(h, 'PK\x03\x04') || ascii(h, 'PK\x05\x06') || ascii(h, 'PK\x07\x08')) return 'zip';
  if (has(h, OLE2)) return 'ole2';
  if (ascii(h, '{\\rtf')) return 'rtf';
  if (ascii(h, '\x7fELF') || (h.length >= 4 && MACHO.includes(u32be(h, 0)))) return 'executable';
  if (ascii(h, 'MZ') && ascii(h, 'PE\0\0', u32le(h, 0x3c))) return 'executable';
  if (isUtf8Text(h)) return 'text';
  return 'unknown';
}

/** The file type implied by a kind; `null` for kinds Trove never stores. */
function typeOfKind(kind: SniffKind): FileType | null {
  if (RAW_PICTURES.has(kind)) return 'Pictures';
  if (MOVIES.has(kind)) return 'Movies';
  if (DOCUMENTS.has(kind)) return 'Documents';
  return null;
}

/**
 * Names the container of a file from its first bytes (only the first SNIFF_BYTES are read)
 * and the file type that content implies. An empty head is `unknown`.
 */
export function sniffContent(head: Uint8Array): SniffResult {
  const kind = sniffKind(head.subarray(0, SNIFF_BYTES));
  return { kind, type: typeOfKind(kind) };
}

/** The kinds an extension accepts: its whole category for media, exact kinds for documents. */
function allowedKinds(ext: string, type: FileType): ReadonlySet<SniffKind> {
  switch (type) {
    case 'Pictures':
      return RAW_PICTURE_EXTENSIONS.includes(ext) ? RAW_PICTURES : STRONG_PICTURES;
    case 'Movies':
      return MOVIES;
    case 'Documents':
      return new Set(DOCUMENT_KINDS[ext] ?? ['zip']); // the OOXML, ODF, iWork and EPUB families
  }
}

/**
 * Accepts a file only when its content matches its extension (spec 000 §5): a supported
 * extension (contract SUPPORTED_EXTENSIONS), a non-empty head, and a sniffed kind of the
 * extension's category. Pictures accept any picture container (a PNG saved as .jpg is still
 * a picture), TIFF-like raw headers only under raw extensions; movies accept any video
 * container; documents are checked per extension (zip as .pdf is refused, .docx must be a
 * zip, .txt/.md/.csv valid UTF-8). `ext` may carry a leading dot and any case; `head` is
 * the file's first SNIFF_BYTES (or all of it).
 */
export function isContentAllowed(ext: string, head: Uint8Array): ContentVerdict {
  const normalized = (ext.startsWith('.') ? ext.slice(1) : ext).toLowerCase();
  const type = fileTypeOfExtension(normalized);
  if (!type) return { ok: false, reason: `Files of type .${normalized || '?'} are not supported` };
  if (head.length === 0) return { ok: false, reason: 'The file is empty' };
  const { kind } = sniffContent(head);
  if (allowedKinds(normalized, type).has(kind)) return { ok: true, type, kind };
  const found = kind === 'unknown' ? 'an unrecognised format' : `${kind} content`;
  return { ok: false, reason: `This .${normalized} file holds ${found}, not a supported ${type} file` };
}
