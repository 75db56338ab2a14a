import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncAhead } from './sync-ahead.ts';

const MiB = 1024 * 1024;
let dir = '';
afterEach(async () => {
  if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
});

/** Writes `chunks` through a SyncAhead and counts the syncs it asked for. */
async function write(chunks: Buffer[], from?: number): Promise<{ syncs: number; written: Buffer }> {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-sync-'));
  const file = path.join(dir, 'out.bin');
  const handle = await fs.promises.open(file, 'w');
  let syncs = 0;
  const datasync = handle.datasync.bind(handle);
  handle.datasync = async () => {
    syncs++;
    await datasync();
  };
  await pipeline(
    Readable.from(chunks),
    new SyncAhead(handle, from === undefined ? {} : { from }),
    fs.createWriteStream('', { fd: handle, flush: true }),
  );
  return { syncs, written: await fs.promises.readFile(file) };
}

describe('SyncAhead', () => {
  it('passes every byte on unchanged and leaves a photo-sized file to its final fsync', async () => {
    const chunks = Array.from({ length: 8 }, (_, i) => Buffer.alloc(MiB, i));
    const { syncs, written } = await write(chunks);
    expect(written.equals(Buffer.concat(chunks))).toBe(true);
    expect(syncs).toBe(0);
  });

  it('syncs a large file ahead while it is written, one sync at a time', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(MiB, i));
    const { syncs, written } = await write(chunks);
    expect(written.equals(Buffer.concat(chunks))).toBe(true);
    // Past 16 MiB, at most one per 4 MiB: 24 MiB leave room for six.
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThanOrEqual(6);
  });

  it('syncs from the first byte when told the file is large', async () => {
    const { syncs } = await write(
      Array.from({ length: 8 }, () => Buffer.alloc(MiB)),
      0,
    );
    expect(syncs).toBeGreaterThan(0);
  });
});
