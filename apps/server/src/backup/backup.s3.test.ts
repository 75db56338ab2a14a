import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createFsckRepository } from '../fsck/fsck.repository.ts';
import { runFsck } from '../fsck/fsck.ts';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import { createS3BlobStore, createS3Client } from '../storage/s3-blob-store.ts';
import { removeBucket, useS3Server } from '../storage/s3.test-support.ts';
import { fakeJpeg, INJECT_ENV, signUp, timelineOf, uploadFile } from '../test/harness.ts';
import { runBackup } from './backup.ts';
import { readManifest } from './manifest.ts';
import { runRestore } from './restore.ts';

const { newBucket } = useS3Server();

/** With S3_BUCKET the backup copies the bucket's blobs to the backup folder, and a restore puts them in another. */
describe('backup and restore with the S3 store', { timeout: 60_000 }, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-backup-s3-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const install = async (name: string) => {
    const options = await newBucket();
    const client = createS3Client(options);
    cleanups.push(async () => {
      await removeBucket(client, options.bucket);
      client.destroy();
    });
    const config = loadConfig({ DATA_DIR: path.join(root, name), WEB_DIST: '/nonexistent', ...INJECT_ENV });
    fs.mkdirSync(config.DATA_DIR, { mode: 0o700 });
    return { config, store: createS3BlobStore(options) };
  };

  it('restores the bucket’s blobs under their keys, whole', async () => {
    const source = await install('source');
    const database = openDatabase({ databaseUrl: '', sqliteFile: source.config.SQLITE_FILE });
    await migrateToLatest(database.db);
    const app = await buildApp({ config: source.config, database, store: source.store, logger: false });
    const user = await signUp(app);
    const job = await timelineOf(app, user);
    const contents = [fakeJpeg(3000), fakeJpeg(70_000), fakeJpeg(5)];
    for (const [i, content] of contents.entries()) {
      const upload = await uploadFile(app, user, job, { path: `s3/${String(i)}.jpg`, content });
      expect(upload.statusCode).toBe(200);
    }
    const backupDir = path.join(root, 'backup');
    const log: string[] = [];
    const manifest = await runBackup(
      { config: source.config, database, store: source.store, log: (m) => log.push(m) },
      backupDir,
    );
    await app.close();
    await database.close();
    expect(manifest.blobs).toMatchObject({ store: 's3', count: contents.length, missing: [] });
    expect((await readManifest(backupDir)).blobs.bytes).toBe(contents.reduce((sum, c) => sum + c.length, 0));

    const target = await install('target');
    await runRestore({ config: target.config, store: target.store, log: () => undefined }, backupDir, {
      force: false,
    });
    const restored = openDatabase({ databaseUrl: '', sqliteFile: target.config.SQLITE_FILE });
    try {
      const report = await runFsck(
        {
          fsck: createFsckRepository(restored.db),
          repos: createRepositories(restored.db),
          store: target.store,
          transact: createTransact(restored.db),
        },
        { verify: true },
      );
      expect(report.blobsChecked).toBe(contents.length);
      expect(report.missingBlobs).toEqual([]);
      expect(report.corruptBlobs).toEqual([]);
    } finally {
      await restored.close();
    }
    // A second restore into the same, now full, place is refused.
    await expect(
      runRestore({ config: target.config, store: target.store, log: () => undefined }, backupDir, {
        force: false,
      }),
    ).rejects.toThrow(/not empty/);
  });
});
