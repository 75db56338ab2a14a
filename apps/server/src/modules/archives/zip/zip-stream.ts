import { Readable } from 'node:stream';
import type { ByteRange } from '../../../storage/blob-store.ts';
import type { ZipLayout } from './zip-layout.ts';

/** Opens `length` bytes of a source from `offset`: a blob of the store, in practice. */
export type OpenSource = (source: string, range: ByteRange) => Promise<Readable>;

/**
 * The bytes of a laid-out archive from `range.start` to `range.end` (inclusive; the whole
 * archive without a range), read one source at a time as the consumer asks for them (see
 * [Note: Zip layout]). Memory stays at one chunk of one source, whatever the archive's size.
 * A source that ends early or fails fails the stream: a short archive must never look whole.
 */
export function streamZip(layout: ZipLayout, open: OpenSource, range?: ByteRange): Readable {
  const start = range?.start ?? 0;
  const end = range?.end ?? layout.size - 1;
  async function* pieces(): AsyncGenerator<Buffer> {
    let position = 0;
    for (const segment of layout.segments) {
      const length = segment.kind === 'bytes' ? segment.bytes.length : segment.length;
      const first = Math.max(start, position);
      const last = Math.min(end, position + length - 1);
      position += length;
      if (last < first) {
        if (position > end) return;
        continue;
      }
      const from = first - (position - length);
      const to = last - (position - length);
      if (segment.kind === 'bytes') {
        yield segment.bytes.subarray(from, to + 1);
        continue;
      }
      const expected = to - from + 1;
      let read = 0;
      const source = await open(segment.source, { start: segment.offset + from, end: segment.offset + to });
      for await (const chunk of source as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > expected) throw new Error(`source ${segment.source} is longer than its recorded size`);
        yield chunk;
      }
      if (read < expected)
        throw new Error(`source ${segment.source} ended ${String(expected - read)} bytes early`);
    }
  }
  // objectMode off: chunks are bytes, and the socket's back-pressure paces the reads.
  return Readable.from(pieces(), { objectMode: false });
}
