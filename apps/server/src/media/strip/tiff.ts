import { StripLimitError } from './byte-source.ts';
import type { Patch, ReadAt } from './patches.ts';

/** Bytes per value of each TIFF field type (TIFF 6.0 §2, Exif 2.3 §4.6.2; 13 is IFD). */
const TYPE_SIZE: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};
const GPS_IFD = 0x8825;
const XMP_TAG = 0x02bc;
/** TIFF magic numbers: TIFF itself and the raw files built on it (Olympus ORF, Panasonic RW2). */
const MAGICS = new Set([42, 0x4f52, 0x5352, 0x55]);

/**
 * Patches that empty the GPS IFD of a TIFF structure (EXIF of a JPEG, PNG, WebP or HEIF; a
 * TIFF or TIFF-based raw file) and blank its XMP tag, leaving every other tag and offset as it
 * was (see [Note: Place stripping]). The GPS IFD keeps its place with no entries (its entry
 * count and entries zeroed, so the next-IFD link reads 0), and the values its entries pointed
 * to are zeroed; IFD0 still points at it, an empty IFD being valid. `base` and `length` bound
 * the TIFF structure in the file: nothing outside it is read or patched.
 * @throws StripLimitError when the structure is not TIFF or points outside itself.
 */
export async function tiffPatches(read: ReadAt, base: number, length: number): Promise<Patch[]> {
  const header = await read(base, 8);
  if (header.length < 8) throw new StripLimitError('TIFF header cut short');
  const order = header.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new StripLimitError('not a TIFF structure');
  const little = order === 'II';
  const u16 = (b: Buffer, at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  if (!MAGICS.has(u16(header, 2))) throw new StripLimitError('unknown TIFF magic (BigTIFF?)');
  const inside = (offset: number, size: number) => offset >= 0 && size >= 0 && offset + size <= length;

  /** The entries of the IFD at `offset` (relative to base): tag, type, count, value field. */
  async function entries(offset: number) {
    if (!inside(offset, 2)) throw new StripLimitError('IFD outside the TIFF structure');
    const count = u16(await read(base + offset, 2), 0);
    if (!inside(offset, 2 + count * 12)) throw new StripLimitError('IFD runs past the TIFF structure');
    const bytes = await read(base + offset + 2, count * 12);
    return Array.from({ length: count }, (_, i) => {
      const at = i * 12;
      const type = u16(bytes, at + 2);
      const values = u32(bytes, at + 4);
      const size = (TYPE_SIZE[type] ?? 1) * values;
      return {
        tag: u16(bytes, at),
        size,
        /** Where the value lives, relative to base: in the entry when it fits in 4 bytes. */
        valueAt: size <= 4 ? offset + 2 + at + 8 : u32(bytes, at + 8),
      };
    });
  }

  const patches: Patch[] = [];
  const zero = (offset: number, size: number) => {
    if (!inside(offset, size)) throw new StripLimitError('value outside the TIFF structure');
    patches.push({ offset: base + offset, bytes: Buffer.alloc(size) });
  };
  const ifd0 = u32(header, 4);
  for (const entry of await entries(ifd0)) {
    if (entry.tag === XMP_TAG) {
      if (!inside(entry.valueAt, entry.size)) throw new StripLimitError('XMP outside the TIFF structure');
      patches.push({ offset: base + entry.valueAt, bytes: Buffer.alloc(entry.size, 0x20) });
    }
    if (entry.tag !== GPS_IFD) continue;
    const gps = u32(await read(base + entry.valueAt, 4), 0);
    const fields = await entries(gps);
    for (const field of fields) if (field.size > 4) zero(field.valueAt, field.size);
    zero(gps, 2 + fields.length * 12);
  }
  return patches;
}
