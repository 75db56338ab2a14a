import { crc32 } from 'node:zlib';
import { StripLimitError } from './byte-source.ts';
import { applyPatches, type Patch, type ReadAt } from './patches.ts';
import { tiffPatches } from './tiff.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * What a text chunk that held metadata becomes: ancillary, private, safe to copy (PNG 1.2
 * §3.3 chunk naming), so every decoder skips it.
 */
const SCRUBBED = Buffer.from('scRb', 'latin1');
/** Text keywords that carry XMP or EXIF (ImageMagick writes "Raw profile type exif/xmp"). */
const METADATA_KEYWORD = /xmp|exif|raw profile/i;
const MAX_CHUNKS = 100_000;

/**
 * Patches that strip the place from a PNG (see [Note: Place stripping]): the GPS IFD of its
 * eXIf chunk emptied in place, and every tEXt/zTXt/iTXt chunk whose keyword names XMP or EXIF
 * renamed to a private ancillary chunk with its data zeroed. Each patched chunk's CRC is
 * written anew, so the file stays valid. Chunk headers are read through the whole file
 * (eXIf may follow the image data).
 */
export async function pngPatches(read: ReadAt, size: number): Promise<Patch[]> {
  if (!(await read(0, 8)).equals(SIGNATURE)) throw new StripLimitError('no PNG signature');
  const patches: Patch[] = [];
  let at = 8;
  for (let chunks = 0; chunks < MAX_CHUNKS && at < size; chunks++) {
    const head = await read(at, 8);
    if (head.length < 8) throw new StripLimitError('PNG chunk cut short');
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    const dataAt = at + 8;
    if (dataAt + length + 4 > size) throw new StripLimitError('PNG chunk runs past the file');
    if (type === 'IEND') return patches;
    if (type === 'eXIf' || type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const data = await read(dataAt, length);
      let chunk: Patch[] = [];
      if (type === 'eXIf') chunk = await tiffPatches(read, dataAt, length);
      else if (METADATA_KEYWORD.test(data.toString('latin1', 0, Math.max(0, data.indexOf(0))))) {
        chunk = [
          { offset: at + 4, bytes: SCRUBBED },
          { offset: dataAt, bytes: Buffer.alloc(length) },
        ];
      }
      if (chunk.length > 0) {
        // The chunk as it will be served, for its new CRC (over type and data).
        const original = await read(at + 4, 4 + length);
        const relative = chunk.map((p) => ({ offset: p.offset - (at + 4), bytes: p.bytes }));
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(crc32(applyPatches(original, relative)) >>> 0);
        patches.push(...chunk, { offset: dataAt + length, bytes: crc });
      }
    }
    at = dataAt + length + 4;
  }
  throw new StripLimitError('PNG without IEND');
}
