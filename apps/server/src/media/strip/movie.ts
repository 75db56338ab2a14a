import { StripLimitError } from './byte-source.ts';
import { fileBoxes, type FileBox } from './boxes.ts';
import type { Patch, ReadAt } from './patches.ts';

/** Location boxes of user data: QuickTime `©xyz` (ISO 6709 text), 3GPP `loci`, XMP (`XMP_`). */
const PLACE_BOXES = new Set(['\xa9xyz', 'loci', 'XMP_']);
/** The XMP `uuid` box (XMP spec part 3 §1.1.4). */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
/** Timed metadata tracks that carry GPS fixes in their samples (GoPro GPMF, Google CAMM). */
const TELEMETRY = new Set(['gpmd', 'camm']);
/** A `keys` or `ilst` box larger than this is not read. */
const MAX_ITEMS_BOX = 1024 * 1024;

/**
 * Patches that strip the place from an MP4 or QuickTime movie (see [Note: Place stripping]):
 * `©xyz`, `loci` and `XMP_` boxes in the movie's (or a track's) user data become `free` boxes
 * of the same size with their payload zeroed; in a `meta` box (QuickTime `mdta` keys or
 * iTunes-style items) the value of each item whose key names a location is zeroed; an XMP
 * `uuid` box is blanked. A movie with a telemetry track (GoPro GPMF, CAMM), whose GPS fixes
 * are in the sample data, cannot be stripped in place and is refused.
 */
export async function moviePatches(read: ReadAt, size: number): Promise<Patch[]> {
  const patches: Patch[] = [];
  for (const box of await fileBoxes(read, 0, size)) {
    if (box.type === 'uuid') await blankXmpUuid(read, box, patches);
    if (box.type !== 'moov') continue;
    for (const child of await fileBoxes(read, box.start, box.end)) {
      if (child.type === 'udta') await userData(read, child, patches);
      else if (child.type === 'meta') await metaItems(read, child, patches);
      else if (child.type === 'uuid') await blankXmpUuid(read, child, patches);
      else if (child.type === 'trak') await track(read, child, patches);
    }
  }
  return patches;
}

async function userData(read: ReadAt, udta: FileBox, patches: Patch[]) {
  for (const box of await fileBoxes(read, udta.start, udta.end)) {
    if (PLACE_BOXES.has(box.type)) {
      patches.push({ offset: box.at + 4, bytes: Buffer.from('free', 'latin1') });
      patches.push({ offset: box.start, bytes: Buffer.alloc(box.end - box.start) });
    } else if (box.type === 'meta') await metaItems(read, box, patches);
  }
}

async function track(read: ReadAt, trak: FileBox, patches: Patch[]) {
  for (const child of await fileBoxes(read, trak.start, trak.end)) {
    if (child.type === 'udta') await userData(read, child, patches);
    if (child.type === 'meta') await metaItems(read, child, patches);
    if (child.type !== 'mdia') continue;
    for (const mdia of await fileBoxes(read, child.start, child.end)) {
      if (mdia.type !== 'minf') continue;
      for (const minf of await fileBoxes(read, mdia.start, mdia.end)) {
        if (minf.type !== 'stbl') continue;
        const stsd = (await fileBoxes(read, minf.start, minf.end)).find((b) => b.type === 'stsd');
        if (!stsd) continue;
        // stsd is a full box with an entry count; each entry's type names its format.
        for (const entry of await fileBoxes(read, stsd.start + 8, stsd.end)) {
          if (TELEMETRY.has(entry.type)) throw new StripLimitError(`telemetry track ${entry.type}`);
        }
      }
    }
  }
}

/**
 * A `meta` box: QuickTime's (hdlr, keys, ilst, no version field) or ISO's (a full box, whose
 * payload starts with version and flags). The value of every `ilst` item whose key names a
 * location is zeroed: `mdta` keys by name (com.apple.quicktime.location.ISO6709 and friends),
 * iTunes-style items by their box type (`©xyz`).
 */
async function metaItems(read: ReadAt, meta: FileBox, patches: Patch[]) {
  // An ISO full box starts with version 0 and no flags; QuickTime's starts with a child's
  // size, which is never 0 there.
  const full = (await read(meta.start, 4)).readUInt32BE(0) === 0;
  const start = full ? meta.start + 4 : meta.start;
  const children = await fileBoxes(read, start, meta.end);
  const keys = children.find((b) => b.type === 'keys');
  const ilst = children.find((b) => b.type === 'ilst');
  if (!ilst) return;
  const placeKeys = keys ? await locationKeys(read, keys) : new Set<number>();
  for (const item of await fileBoxes(read, ilst.start, ilst.end)) {
    const index = (await read(item.at + 4, 4)).readUInt32BE(0);
    if (!placeKeys.has(index) && !PLACE_BOXES.has(item.type)) continue;
    // The values go; the item's boxes stay, so readers still walk the list.
    for (const data of await fileBoxes(read, item.start, item.end)) {
      // A `data` box: type indicator and locale (8 bytes), then the value.
      if (data.type === 'data' && data.end - data.start > 8)
        patches.push({ offset: data.start + 8, bytes: Buffer.alloc(data.end - data.start - 8) });
    }
  }
}

/** The 1-based indexes of `keys` entries naming a location. */
async function locationKeys(read: ReadAt, keys: FileBox): Promise<Set<number>> {
  if (keys.end - keys.start > MAX_ITEMS_BOX) throw new StripLimitError('keys box too large');
  const buf = await read(keys.start, keys.end - keys.start);
  const found = new Set<number>();
  const count = buf.length >= 8 ? buf.readUInt32BE(4) : 0;
  let at = 8;
  for (let index = 1; index <= count && at + 8 <= buf.length; index++) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > buf.length) throw new StripLimitError('keys entry runs past its box');
    if (/location|gps|xyz/i.test(buf.toString('latin1', at + 8, at + size))) found.add(index);
    at += size;
  }
  return found;
}

async function blankXmpUuid(read: ReadAt, box: FileBox, patches: Patch[]) {
  if (box.end - box.start < 16 || !(await read(box.start, 16)).equals(XMP_UUID)) return;
  patches.push({ offset: box.start + 16, bytes: Buffer.alloc(box.end - box.start - 16, 0x20) });
}
