import { Transform, pipeline, type Readable } from 'node:stream';

/**
 * Bodies up to this size are counted whole as they are handed to the answer: a thumbnail
 * nearly always goes out whole, and the most frequent answer of all then costs one counter
 * step and no extra stream (a counting stream added about 30 µs to each, measured).
 */
export const COUNT_WHOLE_BELOW = 256 * 1024;

/**
 * A large body's bytes are reported in steps of this size (and the rest when it ends), so a
 * long download moves its counter while it runs.
 */
const REPORT_EVERY = 4 * 1024 * 1024;

/**
 * `source` (a body of `length` bytes) with its bytes reported to `add`. A large body is
 * counted as it passes on to the answer rather than by the length promised, so a video the
 * browser reads a few ranges of, or a download broken off, counts what went (give or take a
 * buffer) and not the bytes never sent. Destroying the result (the client went away)
 * destroys `source`; an error of `source` reaches the result, so the answer fails as it
 * would have without the count.
 */
export function countBytes(source: Readable, length: number, add: (bytes: number) => void): Readable {
  if (length < COUNT_WHOLE_BELOW) {
    if (length > 0) add(length);
    return source;
  }
  let pending = 0;
  const report = () => {
    if (pending > 0) add(pending);
    pending = 0;
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += chunk.length;
      if (pending >= REPORT_EVERY) report();
      callback(null, chunk);
    },
    // The whole body passed: reported before its last bytes go on, so an answer the client
    // has in full is counted in full.
    flush(callback) {
      report();
      callback();
    },
  });
  // Broken off (the client went away): what passed so far.
  counter.once('close', report);
  // The error is the result's to report (it is destroyed with it); nothing to add here.
  pipeline(source, counter, () => undefined);
  return counter;
}
