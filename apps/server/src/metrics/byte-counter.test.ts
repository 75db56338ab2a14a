import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { COUNT_WHOLE_BELOW, countBytes } from './byte-counter.ts';

const MiB = 1024 * 1024;

/** A body of `chunks` chunks of `size` bytes. */
function body(chunks: number, size = 64 * 1024): Readable {
  return Readable.from(Array.from({ length: chunks }, () => Buffer.alloc(size)));
}

/** A consumer that takes `limit` bytes and then goes away, as a client breaking off. */
function client(limit = Infinity) {
  let got = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      got += chunk.length;
      if (got >= limit) sink.destroy();
      callback();
    },
  });
  return { sink, got: () => got };
}

describe('countBytes (issue #26)', () => {
  it('counts a small body whole at once, without another stream', () => {
    const added: number[] = [];
    const source = body(1, 1000);
    expect(countBytes(source, 1000, (n) => added.push(n))).toBe(source);
    expect(added).toEqual([1000]);
  });

  it('counts a large body as it passes, in steps while it runs, all of it by its end', async () => {
    const added: number[] = [];
    const length = 10 * MiB;
    const { sink, got } = client();
    await pipeline(
      countBytes(body(length / (64 * 1024)), length, (n) => added.push(n)),
      sink,
    );
    expect(got()).toBe(length);
    expect(added.reduce((a, b) => a + b, 0)).toBe(length);
    // Reported along the way, not only at the end.
    expect(added.length).toBeGreaterThanOrEqual(3);
  });

  it('counts what went of a body broken off, not the length promised, and stops reading it', async () => {
    const added: number[] = [];
    const length = 64 * MiB;
    const source = body(length / (64 * 1024));
    const { sink } = client(COUNT_WHOLE_BELOW + MiB);
    await expect(
      pipeline(
        countBytes(source, length, (n) => added.push(n)),
        sink,
      ),
    ).rejects.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    const counted = added.reduce((a, b) => a + b, 0);
    expect(counted).toBeGreaterThanOrEqual(COUNT_WHOLE_BELOW + MiB);
    expect(counted).toBeLessThan(8 * MiB);
    expect(source.destroyed).toBe(true);
  });

  it("passes the source's error on, so the answer fails as it would have", async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('ENOENT: the blob is gone'));
      },
    });
    const { sink } = client();
    await expect(
      pipeline(
        countBytes(source, MiB, () => undefined),
        sink,
      ),
    ).rejects.toThrow(/blob is gone/);
  });
});
