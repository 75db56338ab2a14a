import type { Readable } from 'node:stream';
import type { ByteRange } from '../../storage/blob-store.ts';
import type { ReadAt } from './patches.ts';

/** Stored bytes are read in blocks of this size while a plan is made. */
const BLOCK = 64 * 1024;
/** A plan reads at most this much of a file: metadata that needs more is not stripped. */
export const PLAN_READ_LIMIT = 32 * 1024 * 1024;

/** A plan needs more of the file than it may read, or the file lies about its structure. */
export class StripLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripLimitError';
  }
}

/**
 * Random access over a stream opener, a block at a time, each block read once. Metadata sits
 * in a few places of a file (headers, one box, one segment), so a plan reads a few blocks.
 */
export function blockReader(open: (range: ByteRange) => Promise<Readable>, size: number): ReadAt {
  const blocks = new Map<number, Promise<Buffer>>();
  let budget = PLAN_READ_LIMIT;
  const block = (index: number) => {
    let found = blocks.get(index);
    if (!found) {
      const start = index * BLOCK;
      const end = Math.min(size, start + BLOCK) - 1;
      budget -= end - start + 1;
      if (budget < 0) throw new StripLimitError('metadata spreads over too much of the file');
      found = open({ start, end }).then(readAll);
      blocks.set(index, found);
    }
    return found;
  };
  return async (offset, length) => {
    const end = Math.min(size, offset + length);
    if (offset < 0 || end <= offset) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    for (let index = Math.floor(offset / BLOCK); index * BLOCK < end; index++) {
      const bytes = await block(index);
      const base = index * BLOCK;
      parts.push(bytes.subarray(Math.max(0, offset - base), Math.min(bytes.length, end - base)));
    }
    return parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts);
  };
}

/** Random access over bytes in memory. */
export function memoryReader(bytes: Buffer): ReadAt {
  return (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length)));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
