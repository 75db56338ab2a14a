import { StripLimitError } from './byte-source.ts';
import type { Patch, ReadAt } from './patches.ts';
import { tiffPatches } from './tiff.ts';

const MAX_CHUNKS = 10_000;

/**
 * Patches that strip the place from a WebP (see [Note: Place stripping]): the GPS IFD of its
 * EXIF chunk emptied in place (some writers put a JPEG-style "Exif\0\0" before the TIFF
 * header), its XMP chunk blanked to spaces. RIFF chunks carry no checksum.
 */
export async function webpPatches(read: ReadAt, size: number): Promise<Patch[]> {
  const header = await read(0, 12);
  if (header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WEBP')
    throw new StripLimitError('not a WebP');
  const end = Math.min(size, 8 + header.readUInt32LE(4));
  const patches: Patch[] = [];
  let at = 12;
  for (let chunks = 0; chunks < MAX_CHUNKS && at + 8 <= end; chunks++) {
    const head = await read(at, 8);
    const type = head.toString('latin1', 0, 4);
    const length = head.readUInt32LE(4);
    const dataAt = at + 8;
    if (dataAt + length > end) throw new StripLimitError('WebP chunk runs past the file');
    if (type === 'EXIF') {
      const skip = (await read(dataAt, 6)).toString('latin1') === 'Exif\0\0' ? 6 : 0;
      patches.push(...(await tiffPatches(read, dataAt + skip, length - skip)));
    } else if (type === 'XMP ') {
      patches.push({ offset: dataAt, bytes: Buffer.alloc(length, 0x20) });
    }
    at = dataAt + length + (length % 2);
  }
  return patches;
}
