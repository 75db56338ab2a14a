import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../storage/blob-store.ts';
import { createFsBlobStore } from '../../../storage/fs-blob-store.ts';
import { createS3BlobStore, createS3Client } from '../../../storage/s3-blob-store.ts';
import { removeBucket, useS3Server } from '../../../storage/s3.test-support.ts';
import { layoutZip, type ZipEntry } from './zip-layout.ts';
import { streamZip } from './zip-stream.ts';
import { pythonEntries, unzipTest } from './zip.test-support.ts';

/**
 * Archives read from either blob store (issue #14: "for local disk and S3"): the same
 * entries give byte-identical archives, and a range in the middle of an S3 archive reads
 * each blob from its offset.
 */
const { newBucket } = useS3Server();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-zip-s3-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Stores each content in `store` and answers the archive of them. */
async function archiveIn(store: BlobStore, contents: Buffer[]) {
  const entries: ZipEntry[] = [];
  for (const [i, content] of contents.entries()) {
    const blob = await store.put(Readable.from([content]));
    entries.push({
      name: `photo ${String(i)}.jpg`,
      size: content.length,
      crc32: crc32(content),
      mtime: 0,
      source: blob.key,
    });
  }
  const layout = layoutZip(entries);
  return {
    layout,
    open: (range?: { start: number; end: number }) =>
      streamZip(layout, (key, part) => store.get(key, part), range),
  };
}

describe('zip archives from the S3 store', { timeout: 60_000 }, () => {
  it('are byte-identical to those from local disk, whole and in ranges', async () => {
    const options = await newBucket();
    cleanups.push(() => removeBucket(createS3Client(options), options.bucket));
    const s3 = createS3BlobStore(options);
    const disk = createFsBlobStore(path.join(dir, 'data'), { reserveBytes: 0 });
    // One larger than an S3 multipart part, so a range crosses parts of the object.
    const contents = [randomBytes(200_000), randomBytes(9 * 1024 * 1024 + 17), randomBytes(1)];
    const fromS3 = await archiveIn(s3, contents);
    const fromDisk = await archiveIn(disk, contents);
    const whole = await read(fromS3.open());
    expect(whole.equals(await read(fromDisk.open()))).toBe(true);

    const file = path.join(dir, 's3.zip');
    fs.writeFileSync(file, whole);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(pythonEntries(file).map((entry) => entry.sha1)).toEqual(
      contents.map((content) => createHash('sha1').update(content).digest('hex')),
    );
    for (const [start, end] of [
      [150_000, 5_000_000],
      [5_000_000, whole.length - 1],
      [whole.length - 100, whole.length - 1],
    ] as const) {
      expect((await read(fromS3.open({ start, end }))).equals(whole.subarray(start, end + 1))).toBe(true);
    }
  });
});
