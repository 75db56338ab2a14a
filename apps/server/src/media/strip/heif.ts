import { boxes, itemExtent, type Box } from '../heif-exif.ts';
import { StripLimitError } from './byte-source.ts';
import { fileBoxes } from './boxes.ts';
import type { Patch, ReadAt } from './patches.ts';
import { tiffPatches } from './tiff.ts';

/** A meta box larger than this (item tables of thousands of tiles) is not read. */
const MAX_META = 4 * 1024 * 1024;

/**
 * Patches that strip the place from a HEIF/HEIC/AVIF still (see [Note: Place stripping]): the
 * GPS IFD of each `Exif` item emptied in place, each XMP item (`mime`, application/rdf+xml)
 * blanked to spaces. Items are found through the file-level `meta` box (iinf, iloc). An Exif
 * or XMP item stored other than as one extent of the file itself cannot be patched in place,
 * and makes the file one the rewriter refuses.
 */
export async function heifPatches(read: ReadAt, size: number): Promise<Patch[]> {
  const meta = (await fileBoxes(read, 0, size)).find((box) => box.type === 'meta');
  if (!meta) return [];
  if (meta.end - meta.at > MAX_META) throw new StripLimitError('HEIF meta box too large');
  const buf = await read(meta.at, meta.end - meta.at);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const content: Box = { type: 'meta', start: meta.start - meta.at + 4, end: buf.length }; // a full box
  const child = (type: string) =>
    [...boxes(buf, view, content.start, content.end)].find((b) => b.type === type);
  const iinf = child('iinf');
  const iloc = child('iloc');
  if (!iinf) return [];
  const items = metadataItems(buf, view, iinf);
  if (items.length > 0 && !iloc) throw new StripLimitError('HEIF metadata item without a location');
  const patches: Patch[] = [];
  for (const item of items) {
    const extent = iloc ? itemExtent(view, iloc, item.id) : undefined;
    if (!extent) throw new StripLimitError('HEIF metadata item not in one extent of the file');
    const [offset, length] = extent;
    if (offset + length > size) throw new StripLimitError('HEIF item runs past the file');
    if (item.kind === 'xmp') {
      patches.push({ offset, bytes: Buffer.alloc(length, 0x20) });
      continue;
    }
    if (length < 4) throw new StripLimitError('HEIF Exif item cut short');
    // The item starts with the offset of the TIFF header within the rest (usually 0).
    const skip = 4 + (await read(offset, 4)).readUInt32BE(0);
    if (skip >= length) throw new StripLimitError('HEIF Exif item without TIFF');
    patches.push(...(await tiffPatches(read, offset + skip, length - skip)));
  }
  return patches;
}

/** The Exif and XMP items of `iinf` (item info entries version 2 or 3). */
function metadataItems(buf: Buffer, view: DataView, iinf: Box): { id: number; kind: 'exif' | 'xmp' }[] {
  const version = view.getUint8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4); // after version, flags and entry_count
  const items: { id: number; kind: 'exif' | 'xmp' }[] = [];
  for (const infe of boxes(buf, view, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const infeVersion = view.getUint8(infe.start);
    if (infeVersion < 2) continue;
    const idSize = infeVersion === 3 ? 4 : 2;
    const id = idSize === 4 ? view.getUint32(infe.start + 4) : view.getUint16(infe.start + 4);
    const typeAt = infe.start + 4 + idSize + 2; // item_ID, item_protection_index
    const type = buf.toString('latin1', typeAt, typeAt + 4);
    if (type === 'Exif') items.push({ id, kind: 'exif' });
    if (type !== 'mime') continue;
    // item_name, then content_type, both null-terminated.
    const nameEnd = buf.indexOf(0, typeAt + 4);
    const typeEnd = nameEnd < 0 ? -1 : buf.indexOf(0, nameEnd + 1);
    const contentType = typeEnd < 0 ? '' : buf.toString('latin1', nameEnd + 1, Math.min(typeEnd, infe.end));
    if (/xml|rdf|xmp/i.test(contentType)) items.push({ id, kind: 'xmp' });
  }
  return items;
}
