import { StripLimitError } from './byte-source.ts';
import type { ReadAt } from './patches.ts';

/** An ISO-BMFF / QuickTime box found in the file: where it starts, its payload and its end. */
export interface FileBox {
  type: string;
  at: number;
  start: number;
  end: number;
}

const MAX_BOXES = 10_000;

/**
 * The boxes between `from` and `to` of the file, read a header at a time (ISO/IEC 14496-12
 * §4.2: 32-bit size, or 1 and a 64-bit size, or 0 to the end of the parent).
 * @throws StripLimitError on a box that runs past its parent.
 */
export async function fileBoxes(read: ReadAt, from: number, to: number): Promise<FileBox[]> {
  const found: FileBox[] = [];
  let at = from;
  while (at + 8 <= to) {
    if (found.length >= MAX_BOXES) throw new StripLimitError('too many boxes');
    const head = await read(at, 16);
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let start = at + 8;
    if (size === 1) {
      if (head.length < 16) throw new StripLimitError('box header cut short');
      size = Number(head.readBigUInt64BE(8));
      start += 8;
    } else if (size === 0) size = to - at;
    if (size < start - at || at + size > to) throw new StripLimitError(`box ${type} runs past its parent`);
    found.push({ type, at, start, end: at + size });
    at += size;
  }
  return found;
}
