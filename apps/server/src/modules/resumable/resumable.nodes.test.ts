import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { createS3BlobStore, createS3Client } from '../../storage/s3-blob-store.ts';
import { listObjects, removeBucket, useS3Server } from '../../storage/s3.test-support.ts';
import {
  DIALECTS,
  INJECT_ENV,
  fakeJpeg,
  openTestDatabase,
  sha1,
  signUp,
  testClock,
  timelineOf,
  type TestDatabase,
} from '../../test/harness.ts';
import { tusClient } from './tus.test-support.ts';

/**
 * Two nodes behind one name (issue #26): one database, one blob store, a DATA_DIR each, as
 * behind a load balancer that sends each request wherever it likes. A tus upload begun on
 * one node goes on and finishes on the other, also once the first is gone.
 */
const s3 = useS3Server();

describe.each(DIALECTS)('resumable uploads across two nodes (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoNodes(store: BlobStore) {
    const database: TestDatabase = await openTestDatabase(dialect);
    cleanups.push(() => database.cleanup());
    const clock = testClock();
    const secret = randomBytes(32);
    const node = async () => {
      const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-node-'));
      const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV });
      const app = await buildApp({
        config,
        database: database.handle,
        store,
        mediaSecret: secret,
        now: clock.now,
        logger: false,
      });
      await app.ready();
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await app.close();
      };
      cleanups.push(async () => {
        await close();
        await fs.promises.rm(dataDir, { recursive: true, force: true });
      });
      return { app, close };
    };
    return { a: await node(), b: await node(), database };
  }

  /** Two nodes on a bucket of their own. */
  async function twoS3Nodes() {
    const options = await s3.newBucket();
    const client = createS3Client(options);
    cleanups.push(async () => {
      await removeBucket(client, options.bucket);
      client.destroy();
    });
    return { ...(await twoNodes(createS3BlobStore(options))), client, bucket: options.bucket };
  }

  const tus = tusClient;

  it('takes an upload begun on one node to its end on the other, in the S3 store', async () => {
    const { a, b, database, client, bucket } = await twoS3Nodes();
    const user = await signUp(a.app);
    const job = await timelineOf(a.app, user);
    const content = fakeJpeg(900_000);
    const onA = tus(a.app, user);
    const onB = tus(b.app, user);
    const location = String((await onA.create(job, content.length)).headers.location);
    expect((await onA.patch(location, 0, content.subarray(0, 300_000))).statusCode).toBe(204);
    // The other node knows where the upload stands, and takes the next bytes.
    expect((await onB.head(location)).headers['upload-offset']).toBe('300000');
    expect((await onB.patch(location, 300_000, content.subarray(300_000, 600_000))).statusCode).toBe(204);
    // The first node goes away; nothing of the upload was only its own.
    await a.close();
    const last = await onB.patch(location, 600_000, content.subarray(600_000));
    expect(last.statusCode).toBe(200);
    const files = (
      await b.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers })
    ).json<{ files: { checksum: string; file_url: string }[] }>().files;
    expect(files).toHaveLength(1);
    expect(files[0]?.checksum).toBe(sha1(content));
    expect(sha1((await b.app.inject({ url: files[0]?.file_url ?? '' })).rawPayload)).toBe(sha1(content));
    // The parts are gone: one object in the bucket (the file), no part rows.
    expect(await database.handle.db.selectFrom('resumable_parts').selectAll().execute()).toEqual([]);
    expect(await listObjects(client, bucket, 'blobs/')).toHaveLength(1);
  });

  it('counts one of two requests that write the same bytes on two nodes at once', async () => {
    const { a, b, database, client, bucket } = await twoS3Nodes();
    const user = await signUp(a.app);
    const job = await timelineOf(a.app, user);
    const content = fakeJpeg(600_000);
    const location = String((await tus(a.app, user).create(job, content.length)).headers.location);
    const answers = await Promise.all([
      tus(a.app, user).patch(location, 0, content.subarray(0, 400_000)),
      tus(b.app, user).patch(location, 0, content.subarray(0, 400_000)),
    ]);
    // The offset moved once (compare-and-set); the loser was told to look again, and its
    // part is gone from the bucket.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect(await database.handle.db.selectFrom('resumable_parts').select('size').execute()).toEqual([
      { size: 400_000 },
    ]);
    expect(await listObjects(client, bucket, 'blobs/')).toHaveLength(1);
    expect((await tus(b.app, user).patch(location, 400_000, content.subarray(400_000))).statusCode).toBe(200);
  });

  it('answers 404, not 500, where a file-store upload waits on another node’s disk', async () => {
    const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-shared-'));
    cleanups.push(() => fs.promises.rm(root, { recursive: true, force: true }));
    const { a, b } = await twoNodes(createFsBlobStore(root));
    const user = await signUp(a.app);
    const job = await timelineOf(a.app, user);
    const content = fakeJpeg(200_000);
    const location = String((await tus(a.app, user).create(job, content.length)).headers.location);
    expect((await tus(a.app, user).patch(location, 0, content.subarray(0, 100_000))).statusCode).toBe(204);
    // DATA_DIR is not shared here (a misconfiguration for the fs store): the client is told
    // the upload is gone, and starts it again.
    const there = await tus(b.app, user).patch(location, 100_000, content.subarray(100_000));
    expect(there.statusCode).toBe(404);
  });
});
