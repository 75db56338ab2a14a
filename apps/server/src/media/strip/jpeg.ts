import { StripLimitError } from './byte-source.ts';
import type { Patch, ReadAt } from './patches.ts';
import { tiffPatches } from './tiff.ts';

const EXIF = Buffer.from('Exif\0\0', 'latin1');
const XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const XMP_EXTENSION = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1');
const MPF = Buffer.from('MPF\0', 'latin1');
/** More segments before the image data than any camera writes: a crafted file. */
const MAX_SEGMENTS = 1000;
/** Images of a multi-picture file (CIPA DC-007: gain maps, depth maps, previews) looked at. */
const MAX_IMAGES = 8;

/**
 * Patches that strip the place from a JPEG (see [Note: Place stripping]): the GPS IFD of each
 * APP1 Exif segment emptied in place, every XMP APP1 segment (main and extended) blanked to
 * spaces after its namespace — XMP carries position in many schemas (exif:GPS*, photoshop:City,
 * Iptc4xmpCore:Location), so none of it goes to a non-uploader. Only the segments before the
 * image data are read; the entropy-coded data is never looked at. The other images of a
 * multi-picture file (its APP2 MPF index) each get the same.
 */
export async function jpegPatches(read: ReadAt, size: number): Promise<Patch[]> {
  const patches: Patch[] = [];
  const starts = [0];
  for (let i = 0; i < starts.length && i < MAX_IMAGES; i++) {
    const start = starts[i] ?? 0;
    const more = await imagePatches(read, start, size, patches);
    // MPF offsets count from the MPF's TIFF header; the first image is its own entry (0).
    for (const offset of more) if (offset > 0 && !starts.includes(offset)) starts.push(offset);
  }
  return patches;
}

/** Patches of one image from its SOI at `start`; returns the file offsets of other images. */
async function imagePatches(read: ReadAt, start: number, size: number, patches: Patch[]): Promise<number[]> {
  const soi = await read(start, 2);
  if (soi.length < 2 || soi[0] !== 0xff || soi[1] !== 0xd8) throw new StripLimitError('no JPEG SOI');
  const others: number[] = [];
  let at = start + 2;
  for (let segments = 0; segments < MAX_SEGMENTS; segments++) {
    const head = await read(at, 4);
    if (head.length < 2 || head[0] !== 0xff) throw new StripLimitError('JPEG segment expected');
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start of scan or end of image: the metadata is behind us.
    if (marker === 0xda || marker === 0xd9) return others;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (head.length < 4) throw new StripLimitError('JPEG segment cut short');
    const length = head.readUInt16BE(2);
    if (length < 2 || at + 2 + length > size) throw new StripLimitError('JPEG segment runs past the file');
    const payloadAt = at + 4;
    const payloadLength = length - 2;
    if (marker === 0xe1 || marker === 0xe2) {
      const payload = await read(payloadAt, payloadLength);
      if (marker === 0xe1 && startsWith(payload, EXIF)) {
        patches.push(...(await tiffPatches(read, payloadAt + EXIF.length, payloadLength - EXIF.length)));
      } else if (marker === 0xe1 && (startsWith(payload, XMP) || startsWith(payload, XMP_EXTENSION))) {
        const skip = startsWith(payload, XMP) ? XMP.length : XMP_EXTENSION.length;
        patches.push({ offset: payloadAt + skip, bytes: Buffer.alloc(payloadLength - skip, 0x20) });
      } else if (marker === 0xe2 && startsWith(payload, MPF)) {
        const tiffAt = payloadAt + MPF.length;
        for (const offset of mpfOffsets(payload.subarray(MPF.length))) others.push(tiffAt + offset);
      }
    }
    at += 2 + length;
  }
  throw new StripLimitError('too many JPEG segments');
}

/** The image offsets of an MPF index (CIPA DC-007 §5.2.3: MP Entry tag 0xB002). */
function mpfOffsets(tiff: Buffer): number[] {
  if (tiff.length < 8) return [];
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return [];
  const count = u16(ifd);
  for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= tiff.length; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) !== 0xb002) continue;
    const bytes = u32(entry + 4);
    const at = u32(entry + 8);
    const offsets: number[] = [];
    for (let e = at; e + 16 <= Math.min(tiff.length, at + bytes); e += 16) offsets.push(u32(e + 8));
    return offsets;
  }
  return [];
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}
