/*
 * [Note: Archive names]
 *
 * Entry names come from users (upload paths, file names, album titles) and end up as paths
 * on whoever unzips the archive, so each is made safe before it goes in (zip-slip, Admidio
 * #2093 in RESEARCH-RELIABILITY):
 * - every folder and file name is one segment: `/`, `\` and the characters Windows refuses
 *   (`:*?"<>|`) become `_`; control characters and the marks that reorder text (U+202E makes
 *   "photo\u202Egpj.exe" read as "photoexe.jpg") become `_` too;
 * - `.` and `..` segments, empty ones and leading or trailing spaces and dots go: no name
 *   climbs out of the folder it is extracted into, and none ends in a dot Windows drops;
 * - a segment keeps at most 200 bytes of UTF-8 (file systems allow 255), cut at a character,
 *   keeping the extension;
 * - names equal but for case get " (2)", " (3)"… before the extension: two photos both called
 *   IMG_0001.JPG must not overwrite each other on a Mac or a PC.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/g;
const MAX_SEGMENT_BYTES = 200;

/** One safe path segment of `text`, or `fallback` when nothing of it is left. */
export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    .toWellFormed()
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (cleaned === '') return fallback;
  return truncate(cleaned);
}

/** Cuts to MAX_SEGMENT_BYTES of UTF-8 between graphemes, keeping a short extension. */
function truncate(name: string): string {
  if (Buffer.byteLength(name) <= MAX_SEGMENT_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let base = extension ? name.slice(0, dot) : name;
  const room = MAX_SEGMENT_BYTES - Buffer.byteLength(extension);
  // Cut whole graphemes: an emoji or a letter with its accents stays whole or goes whole.
  const graphemes = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(base),
    (g) => g.segment,
  );
  while (Buffer.byteLength(base) > room) {
    graphemes.pop();
    base = graphemes.join('');
  }
  return `${base.replace(/[\s.]+$/, '')}${extension}`;
}

/** A relative path of safe segments (see [Note: Archive names]); `fallback` names an empty file name. */
export function safePath(path: string, fallback: string): string {
  const segments = path
    .split(/[/\\]/)
    .map((segment) => safeSegment(segment, ''))
    .filter((segment) => segment !== '');
  if (segments.length === 0) return fallback;
  return segments.join('/');
}

/**
 * Hands out entry names, each unique regardless of case: the second "a.jpg" in a folder
 * becomes "a (2).jpg". Names are taken in the order asked, so the same files in the same order
 * always get the same names (an archive must be byte-identical when a download resumes).
 */
export function createNameBook(): (wanted: string) => string {
  const taken = new Set<string>();
  return (wanted) => {
    let name = wanted;
    const slash = wanted.lastIndexOf('/');
    const dot = wanted.lastIndexOf('.');
    const stem = dot > slash + 1 ? wanted.slice(0, dot) : wanted;
    const extension = dot > slash + 1 ? wanted.slice(dot) : '';
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${String(n)})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  };
}
