/**
 * Finds the EXIF block (a TIFF structure) of a HEIF/HEIC file, and turns one into a JPEG
 * APP1 segment.
 *
 * exifr 7 has its own HEIC reader, but it ignores the `base_offset` of the item location box
 * (ISO/IEC 14496-12 §8.11.3), which libheif writes (heif-enc, GIMP, ImageMagick...), and then
 * fails with "Malformed EXIF data". So the item is located here, by the spec, and exifr reads
 * the TIFF bytes directly.
 */

/** An ISO-BMFF box (ISO/IEC 14496-12 §4.2). */
export interface Box {
  type: string;
  /** Payload start (after size, type and a 64-bit size if any) and end, in the file. */
  start: number;
  end: number;
}

/** The boxes between `from` and `to` of a buffer; stops at one that lies about its size. */
export function* boxes(buf: Uint8Array, view: DataView, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8));
    let start = at + 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(view.getBigUint64(at + 8));
      start += 8;
    } else if (size === 0) {
      size = to - at; // the box runs to the end of its parent
    }
    if (size < start - at || at + size > to) return; // truncated or lying: stop, never read past
    yield { type, start, end: at + size };
    at += size;
  }
}

const find = (buf: Uint8Array, view: DataView, parent: Box, type: string) => {
  for (const box of boxes(buf, view, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};

/** Reads an unsigned big-endian integer of 0, 4 or 8 bytes. */
function uint(view: DataView, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return view.getUint32(at);
  if (size === 8) return Number(view.getBigUint64(at));
  throw new RangeError(`unsupported field size ${size}`);
}

/** Item id of the first `Exif` item in `iinf` (item info entries version 2 or 3). */
function exifItemId(buf: Uint8Array, view: DataView, iinf: Box): number | undefined {
  const version = view.getUint8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4); // after version, flags and entry_count
  for (const infe of boxes(buf, view, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const infeVersion = view.getUint8(infe.start);
    if (infeVersion < 2) continue;
    const idSize = infeVersion === 3 ? 4 : 2;
    const typeAt = infe.start + 4 + idSize + 2; // item_ID, item_protection_index
    if (String.fromCharCode(...buf.subarray(typeAt, typeAt + 4)) !== 'Exif') continue;
    return idSize === 4 ? view.getUint32(infe.start + 4) : view.getUint16(infe.start + 4);
  }
  return undefined;
}

/** File offset and length of an item's single extent in `iloc` (file data only). */
export function itemExtent(view: DataView, iloc: Box, wanted: number): [number, number] | undefined {
  const version = view.getUint8(iloc.start);
  let at = iloc.start + 4;
  const sizes = view.getUint16(at);
  at += 2;
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const count = version === 2 ? view.getUint32(at) : view.getUint16(at);
  at += version === 2 ? 4 : 2;
  for (let i = 0; i < count; i++) {
    const id = version === 2 ? view.getUint32(at) : view.getUint16(at);
    at += version === 2 ? 4 : 2;
    const method = version === 1 || version === 2 ? view.getUint16(at) & 0xf : 0;
    at += version === 1 || version === 2 ? 2 : 0;
    at += 2; // data_reference_index
    const base = uint(view, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = view.getUint16(at);
    at += 2;
    if (id === wanted) {
      // Only data in the file itself (method 0) in one piece, as every camera writes EXIF.
      if (method !== 0 || extents !== 1) return undefined;
      const offset = uint(view, at + indexSize, offsetSize);
      const length = uint(view, at + indexSize + offsetSize, lengthSize);
      return [base + offset, length];
    }
    at += extents * (indexSize + offsetSize + lengthSize);
  }
  return undefined;
}

/** The TIFF bytes of a HEIF file's EXIF item, or undefined when it has none or is malformed. */
export function findHeifExif(buf: Uint8Array): Uint8Array | undefined {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  try {
    const meta = [...boxes(buf, view, 0, buf.length)].find((box) => box.type === 'meta');
    if (!meta) return undefined;
    const content = { ...meta, start: meta.start + 4 }; // meta is a full box
    const iinf = find(buf, view, content, 'iinf');
    const iloc = find(buf, view, content, 'iloc');
    if (!iinf || !iloc) return undefined;
    const id = exifItemId(buf, view, iinf);
    const extent = id === undefined ? undefined : itemExtent(view, iloc, id);
    if (!extent) return undefined;
    const [offset, length] = extent;
    if (length < 4 || offset + length > buf.length) return undefined;
    // The item starts with the offset of the TIFF header within the rest (usually 0).
    const skip = 4 + view.getUint32(offset);
    if (skip >= length) return undefined;
    return buf.subarray(offset + skip, offset + length);
  } catch {
    return undefined; // a RangeError from a box that lies about its size
  }
}

/**
 * A JPEG APP1 segment carrying `tiff`, with the IFD0 Orientation set to 1: the pixels it goes
 * with are already upright (libheif applied the file's rotation). Undefined when the block
 * does not fit in one segment or is not TIFF.
 */
export function exifApp1Segment(tiff: Uint8Array): Buffer | undefined {
  const header = Buffer.from('Exif\0\0', 'latin1');
  const segmentLength = 2 + header.length + tiff.length;
  if (segmentLength > 0xffff || tiff.length < 8) return undefined;
  const body = Buffer.from(tiff); // a copy: the orientation is patched below
  const little = body.toString('latin1', 0, 2) === 'II';
  if (!little && body.toString('latin1', 0, 2) !== 'MM') return undefined;
  const u16 = (at: number) => (little ? body.readUInt16LE(at) : body.readUInt16BE(at));
  const ifd0 = little ? body.readUInt32LE(4) : body.readUInt32BE(4);
  if (ifd0 + 2 <= body.length) {
    const entries = u16(ifd0);
    for (let i = 0; i < entries; i++) {
      const entry = ifd0 + 2 + i * 12;
      if (entry + 12 > body.length) break;
      // Tag 0x0112 Orientation, type SHORT: the value sits in the first two value bytes.
      if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
        if (little) body.writeUInt16LE(1, entry + 8);
        else body.writeUInt16BE(1, entry + 8);
      }
    }
  }
  const marker = Buffer.from([0xff, 0xe1, segmentLength >> 8, segmentLength & 0xff]);
  return Buffer.concat([marker, header, body]);
}
