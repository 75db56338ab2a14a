import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';
import { describeBlobStore } from './blob-store.conformance.ts';
import { createFsBlobStore } from './fs-blob-store.ts';
import {
  createS3BlobStore,
  createS3Client,
  ensureS3Bucket,
  S3_PART_SIZE,
  type S3BlobStoreOptions,
} from './s3-blob-store.ts';
import { listObjects, removeBucket, useS3Server } from './s3.test-support.ts';

// The S3 store against a real S3 server (see s3.test-support.ts).
const { newBucket } = useS3Server();

describeBlobStore('s3 (Ceph radosgw)', async () => {
  const options = await newBucket();
  const client = createS3Client(options);
  return {
    store: createS3BlobStore(options),
    // A multipart upload with a part and no completion is what a crash mid-put leaves.
    async startPartial() {
      await startUpload(client, options.bucket, `blobs/${newKey()}`);
    },
    async cleanup() {
      await removeBucket(client, options.bucket);
      client.destroy();
    },
  };
});

describe('S3 blob store on Ceph radosgw', { timeout: 60_000 }, () => {
  let options: S3BlobStoreOptions | undefined;
  let client: S3Client | undefined;
  let store: BlobStore | undefined;
  const opened = () => {
    if (!options || !client || !store) throw new Error('the store did not open');
    return { options, client, store, bucket: options.bucket };
  };
  beforeAll(async () => {
    options = await newBucket();
    client = createS3Client(options);
    store = createS3BlobStore(options);
  });
  afterAll(async () => {
    if (client && options) await removeBucket(client, options.bucket);
    client?.destroy();
  });

  it('streams a put part by part instead of buffering the whole source', async () => {
    const { client, store, bucket } = opened();
    const data = randomBytes(3 * S3_PART_SIZE + 1000);
    const source = new Gate(data, 3 * S3_PART_SIZE + 500);
    const putting = store.put(source.stream);
    await source.paused;
    // Three full parts arrived; with two in flight, at least one is stored already.
    const upload = await waitForUpload(client, bucket, (parts) => parts >= 1);
    expect(upload.key).toMatch(/^blobs\/[0-9a-f]{32}$/);
    source.release();
    const info = await putting;
    expect(info).toMatchObject({ key: upload.key.slice('blobs/'.length), size: data.length });
    expect(sha256(await readAll(await store.get(info.key)))).toBe(sha256(data));
    // Completing it ended the upload.
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).toEqual(
      [],
    );
  });

  it('aborts the multipart upload of a put whose source fails, leaving no parts and no object', async () => {
    const { client, store, bucket } = opened();
    const objectsBefore = await listObjects(client, bucket);
    const data = randomBytes(3 * S3_PART_SIZE);
    const source = new Gate(data, 3 * S3_PART_SIZE - 1);
    const putting = store.put(source.stream);
    const rejected = expect(putting).rejects.toThrow(/camera unplugged/);
    await source.paused;
    const upload = await waitForUpload(client, bucket, (parts) => parts >= 1);
    source.fail(new Error('camera unplugged'));
    await rejected;
    // The parts are gone with the upload, not merely hidden until a lifecycle rule runs.
    // (AWS answers NoSuchUpload, radosgw NoSuchKey; both 404.)
    await expect(
      client.send(new ListPartsCommand({ Bucket: bucket, Key: upload.key, UploadId: upload.uploadId })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).toEqual(
      [],
    );
    expect(await listObjects(client, bucket)).toEqual(objectsBefore);
    expect(await store.listPartial()).toEqual([]);
  });

  it('reads ranges like the filesystem store: clamped at the end, empty past it, bad ones refused', async () => {
    const { store } = opened();
    const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-fs-blobs-'));
    try {
      const data = randomBytes(1000);
      for (const each of [store, createFsBlobStore(root)]) {
        const { key } = await each.put(Readable.from([data]));
        expect(await readAll(await each.get(key, { start: 990, end: 5000 }))).toEqual(data.subarray(990));
        expect((await readAll(await each.get(key, { start: 1000, end: 1005 }))).length).toBe(0);
        expect(await readAll(await each.get(key, { start: 7, end: 7 }))).toEqual(data.subarray(7, 8));
      }
      // S3 itself would ignore these and send the whole object.
      const { key } = await store.put(Readable.from([data]));
      for (const range of [
        { start: 5, end: 4 },
        { start: -1, end: 4 },
        { start: 0.5, end: 4 },
        { start: 0, end: Number.NaN },
      ]) {
        await expect(store.get(key, range)).rejects.toBeInstanceOf(RangeError);
      }
    } finally {
      await fs.promises.rm(root, { recursive: true, force: true });
    }
  });

  it('keeps stores with different prefixes in one bucket apart, and ignores what it did not make', async () => {
    const { options, client, bucket } = opened();
    const a = createS3BlobStore({ ...options, prefix: '/tenant-a' });
    const b = createS3BlobStore({ ...options, prefix: 'tenant-b/' });
    const { key } = await a.put(Readable.from([Buffer.from('only in a')]));
    expect(await listObjects(client, bucket, 'tenant-a/')).toEqual([`tenant-a/blobs/${key}`]);
    expect(await b.stat(key)).toBeUndefined();
    await expect(b.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await b.delete(key);
    expect(await a.stat(key)).toMatchObject({ key, size: 9 });

    // Objects and uploads under the prefix whose names are not keys of ours.
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'tenant-b/blobs/notes.txt', Body: 'x' }));
    await startUpload(client, bucket, 'tenant-b/blobs/notes.txt');
    await startUpload(client, bucket, `tenant-a/blobs/${newKey()}`);
    expect(await listAll(b)).toEqual([]);
    expect(await b.listPartial()).toEqual([]);
    const [partial, ...more] = await a.listPartial();
    expect(more).toEqual([]);
    if (!partial) throw new Error('tenant-a has no partial write');
    // Another prefix's id names no upload of b's, so b cannot discard it.
    await b.discardPartial(partial.id);
    expect((await a.listPartial()).map((p) => p.id)).toEqual([partial.id]);
    await a.discardPartial(partial.id);
    expect(await a.listPartial()).toEqual([]);
    await a.discardPartial(`${key}:`);
    await a.discardPartial(`../${key}:x`);
  });

  it('reports a missing bucket as an error, never as missing blobs', async () => {
    const { options } = opened();
    const store = createS3BlobStore({ ...options, bucket: `trove-missing-${randomUUID().slice(0, 8)}` });
    const key = newKey();
    await expect(store.stat(key)).rejects.toThrow(/bucket .* does not exist/);
    const getting = store.get(key);
    await expect(getting).rejects.toThrow();
    await expect(getting).rejects.not.toBeInstanceOf(BlobNotFoundError);
    await expect(listAll(store)).rejects.toThrow();
  });

  it('ensureS3Bucket leaves an existing bucket and its blobs alone', async () => {
    const { options, store } = opened();
    const { key } = await store.put(Readable.from([Buffer.from('kept')]));
    await ensureS3Bucket(options);
    expect(await store.stat(key)).toMatchObject({ key, size: 4 });
  });
});

/**
 * A source that sends `data[0, pauseAt)`, then waits for `release()` (the rest follows)
 * or `fail()` (it errors), the way a slow or broken upload from a client would.
 */
class Gate {
  readonly stream: Readable;
  readonly paused: Promise<void>;
  private readonly decision = Promise.withResolvers<Error | undefined>();

  constructor(data: Buffer, pauseAt: number) {
    const reachedPause = Promise.withResolvers<undefined>();
    this.paused = reachedPause.promise;
    const decided = this.decision.promise;
    this.stream = Readable.from(
      (async function* () {
        for (let offset = 0; offset < pauseAt; offset += 256 * 1024) {
          yield data.subarray(offset, Math.min(offset + 256 * 1024, pauseAt));
        }
        reachedPause.resolve(undefined);
        const error = await decided;
        if (error) throw error;
        yield data.subarray(pauseAt);
      })(),
      { objectMode: false },
    );
  }

  release(): void {
    this.decision.resolve(undefined);
  }

  fail(error: Error): void {
    this.decision.resolve(error);
  }
}

/** Waits until the bucket holds exactly one multipart upload with enough parts stored. */
async function waitForUpload(
  client: S3Client,
  bucket: string,
  enough: (parts: number) => boolean,
): Promise<{ key: string; uploadId: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const uploads = (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? [];
    const [upload] = uploads;
    if (uploads.length === 1 && upload?.Key && upload.UploadId) {
      const parts = await client.send(
        new ListPartsCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
      );
      if (enough(parts.Parts?.length ?? 0)) return { key: upload.Key, uploadId: upload.UploadId };
    }
    if (Date.now() > deadline)
      throw new Error(`no multipart upload with enough parts: ${JSON.stringify(uploads)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a multipart upload and stores one part of it, then abandons it. */
async function startUpload(client: S3Client, bucket: string, key: string): Promise<void> {
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  await client.send(
    new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.from('half') }),
  );
}

async function listAll(store: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of store.list()) keys.push(info.key);
  return keys;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function newKey(): string {
  return randomUUID().replaceAll('-', '');
}
