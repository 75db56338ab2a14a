import { SNIFF_BYTES, sniffContent, type SniffKind } from '../sniff.ts';
import { StripLimitError } from './byte-source.ts';
import { heifPatches } from './heif.ts';
import { jpegPatches } from './jpeg.ts';
import { moviePatches } from './movie.ts';
import { crcDelta, normalizePatches, type Patch, type ReadAt } from './patches.ts';
import { pngPatches } from './png.ts';
import { tiffPatches } from './tiff.ts';
import { webpPatches } from './webp.ts';

/**
 * How a non-uploader gets a stored original (see [Note: Place stripping]):
 * - `patched`: the stored bytes with `patches` laid over them (an empty list when the file
 *   holds no place); `crcDelta` turns the stored bytes' CRC-32 into the served bytes'.
 * - `refused`: a container the rewriter cannot strip in place (or a file whose metadata is
 *   malformed or too spread out to be sure of): the original is not served to them at all.
 */
export type StripPlan =
  { kind: 'patched'; patches: Patch[]; crcDelta: number } | { kind: 'refused'; reason: string };

type Planner = (read: ReadAt, size: number) => Promise<Patch[]>;

const NOTHING: Planner = () => Promise.resolve([]);
/**
 * What each container gets. GIF and BMP carry no EXIF (a GIF may carry XMP in an application
 * extension, which no camera or phone writes: passed as is). Documents pass as stored: they
 * are not photos, and their own embedded images are out of reach of a streamed rewrite.
 * Every container not named here is refused.
 */
const PLANNERS: Partial<Record<SniffKind, Planner>> = {
  jpeg: jpegPatches,
  png: pngPatches,
  webp: webpPatches,
  tiff: (read, size) => tiffPatches(read, 0, size),
  'raw-tiff-variant': (read, size) => tiffPatches(read, 0, size),
  heif: heifPatches,
  avif: heifPatches,
  'isobmff-video': moviePatches,
  quicktime: moviePatches,
  gif: NOTHING,
  bmp: NOTHING,
  pdf: NOTHING,
  zip: NOTHING,
  ole2: NOTHING,
  rtf: NOTHING,
  text: NOTHING,
};

/** The plan for a stored file of `size` bytes, read through `read`. */
export async function planStrip(read: ReadAt, size: number): Promise<StripPlan> {
  const { kind } = sniffContent(await read(0, SNIFF_BYTES));
  const planner = PLANNERS[kind];
  if (!planner) return { kind: 'refused', reason: `no place stripping for ${kind}` };
  let patches: Patch[];
  try {
    patches = normalizePatches(await planner(read, size));
  } catch (error) {
    // A structure that lies (or spreads too far) might hide a place: fail closed.
    if (error instanceof StripLimitError || error instanceof RangeError)
      return { kind: 'refused', reason: error.message };
    throw error;
  }
  const diffs: Patch[] = [];
  for (const patch of patches) {
    const stored = await read(patch.offset, patch.bytes.length);
    const diff = Buffer.from(patch.bytes);
    for (let i = 0; i < stored.length; i++) diff[i] = (diff[i] ?? 0) ^ (stored[i] ?? 0);
    diffs.push({ offset: patch.offset, bytes: diff });
  }
  return { kind: 'patched', patches, crcDelta: crcDelta(diffs, size) };
}
