import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type TestApp,
} from '../test/harness.ts';
import { createFsckRepository } from './fsck.repository.ts';
import { runFsck, summarize } from './fsck.ts';
import { createBackupHolds } from '../backup/backup-holds.ts';
import { blobOfFile } from '../modules/trash/trash.test-support.ts';

const HOUR = 3_600_000;

describe.each(DIALECTS)('trove fsck (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  function deps() {
    const repos = createRepositories(t.database.db);
    return {
      repos,
      fsck: createFsckRepository(t.database.db),
      store: createFsBlobStore(t.config.DATA_DIR),
      transact: createTransact(t.database.db),
    };
  }
  const blobPath = (key: string) =>
    path.join(t.config.DATA_DIR, 'blobs', key.slice(0, 2), key.slice(2, 4), key);
  const later = () => Date.now() + 2 * HOUR;

  it('removes old orphans and partial writes, keeps young ones, and changes nothing on a dry run', async () => {
    const { store, ...rest } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    expect((await uploadFile(t.app, user, job, { path: 'a.jpg', content: fakeJpeg() })).statusCode).toBe(200);
    const orphan = await store.put(Readable.from([Buffer.from('bytes of an upload that never committed')]));
    fs.writeFileSync(path.join(t.config.DATA_DIR, 'tmp', 'crashed.part'), 'half');

    const young = await runFsck({ store, ...rest }, { now: Date.now });
    expect(young.orphansRemoved).toEqual([]);
    expect(young.orphansKept).toBeGreaterThanOrEqual(1);

    const dry = await runFsck({ store, ...rest }, { now: later, dryRun: true });
    expect(dry.orphansRemoved).toContain(orphan.key);
    expect(await store.stat(orphan.key)).toBeDefined();

    const report = await runFsck({ store, ...rest }, { now: later });
    expect(report.orphansRemoved).toEqual([orphan.key]);
    expect(report.partialsDiscarded).toBe(1);
    expect(report.missingBlobs).toEqual([]);
    expect(report.corruptBlobs).toEqual([]);
    expect(await store.stat(orphan.key)).toBeUndefined();
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'tmp', 'crashed.part'))).toBe(false);
    // The acknowledged upload is untouched.
    const files = await t.app.inject({ url: `/st/4/jobs/${job}/files?${user.query}`, headers: user.headers });
    expect(files.json<{ files: unknown[] }>().files).toHaveLength(1);
  });

  it('removes no bytes while a backup holds (they may be named by its snapshot), and does once it ends', async () => {
    const { store, repos, fsck, transact } = deps();
    // Past the grace period of both the rows (the app's clock) and the stored files (the real one).
    const clockLater = () => Math.max(t.clock.now(), Date.now()) + 2 * HOUR;
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const upload = await uploadFile(t.app, user, job, { path: 'held.jpg', content: fakeJpeg(3000) });
    const row = await blobOfFile(t, upload.json<{ uuid: string }>().uuid);
    const orphan = await store.put(Readable.from([Buffer.from('deleted after the snapshot')]));
    // A file deleted for good while the backup copies: its blob row goes, its bytes must not.
    await t.database.db.deleteFrom('files').where('blob_id', '=', row.id).execute();
    const holds = createBackupHolds(t.database.db);
    const hold = await holds.take('test', clockLater());

    const held = await runFsck({ store, repos, fsck, transact }, { now: clockLater });
    expect(held.backupHeld).toBe(true);
    expect(held.orphansRemoved).toEqual([]);
    expect(held.orphansKept).toBeGreaterThanOrEqual(1);
    expect(summarize(held)).toContain('a backup is running');
    expect(held.blobsReleased).toEqual([row.id]);
    expect(await store.stat(orphan.key)).toBeDefined();
    expect(await store.stat(row.store_key)).toBeDefined();

    await holds.release(hold);
    const after = await runFsck({ store, repos, fsck, transact }, { now: clockLater });
    expect(after.backupHeld).toBe(false);
    expect(after.orphansRemoved).toEqual(expect.arrayContaining([orphan.key, row.store_key]));
    expect(await store.stat(orphan.key)).toBeUndefined();
    expect(await store.stat(row.store_key)).toBeUndefined();
  });

  it('releases a blob row no file names: its owner gets the space back, its bytes go', async () => {
    const { store, repos, fsck, transact } = deps();
    // Rows carry the app's clock; two hours on, the blob is past the grace period.
    const clockLater = () => t.clock.now() + 2 * HOUR;
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const upload = await uploadFile(t.app, user, job, { path: 'lost.jpg', content: fakeJpeg(3000) });
    const fileId = upload.json<{ uuid: string }>().uuid;
    const row = await blobOfFile(t, fileId);
    const usedBefore = (await repos.accounts.findById(user.userId))?.used_space ?? 0;
    // A file row gone without its blob (what no code path leaves, but a hand or a bug could).
    await t.database.db.deleteFrom('files').where('id', '=', fileId).execute();
    const young = await runFsck({ store, repos, fsck, transact }, { now: t.clock.now });
    expect(young.blobsReleased).toEqual([]);
    const dry = await runFsck({ store, repos, fsck, transact }, { now: clockLater, dryRun: true });
    expect(dry.blobsReleased).toEqual([row.id]);
    expect(await store.stat(row.store_key)).toBeDefined();
    const report = await runFsck({ store, repos, fsck, transact }, { now: clockLater });
    expect(report.blobsReleased).toEqual([row.id]);
    expect(await store.stat(row.store_key)).toBeUndefined();
    expect((await repos.accounts.findById(user.userId))?.used_space).toBe(usedBefore - row.size);
    expect((await runFsck({ store, repos, fsck, transact }, { now: clockLater })).blobsReleased).toEqual([]);
  });

  it('reports missing and corrupt bytes without deleting any row', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    await uploadFile(t.app, user, job, { path: 'gone.jpg', content: fakeJpeg(5000) });
    await uploadFile(t.app, user, job, { path: 'flipped.jpg', content: fakeJpeg(5001) });
    const blobs = await fsck.listBlobs();
    const gone = blobs.find((b) => b.size === 5000);
    const flipped = blobs.find((b) => b.size === 5001);
    if (!gone || !flipped) throw new Error('uploads missing');
    await store.delete(gone.store_key);
    const bytes = fs.readFileSync(blobPath(flipped.store_key));
    bytes[100] = (bytes[100] ?? 0) ^ 0xff;
    fs.writeFileSync(blobPath(flipped.store_key), bytes);

    const quick = await runFsck({ store, repos, fsck, transact }, { now: later });
    expect(quick.missingBlobs).toEqual([{ blobId: gone.id, key: gone.store_key, files: 1 }]);
    expect(quick.corruptBlobs).toEqual([]);
    const verified = await runFsck({ store, repos, fsck, transact }, { now: later, verify: true });
    expect(verified.corruptBlobs).toEqual([
      { blobId: flipped.id, key: flipped.store_key, reason: 'checksum' },
    ]);
    expect(await repos.files.findBlob(gone.id)).toBeDefined();
  });

  it('queues the media work again for a rendition whose bytes are gone', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    await uploadFile(t.app, user, job, { path: 'r.jpg', content: fakeJpeg(6000) });
    const blob = (await fsck.listBlobs()).find((b) => b.size === 6000);
    if (!blob) throw new Error('upload missing');
    const thumb = await store.put(Readable.from([Buffer.from('thumbnail')]));
    await repos.media.insertDerivative({
      blob_id: blob.id,
      kind: 'thumb256',
      store_key: thumb.key,
      size: thumb.size,
      content_type: 'image/webp',
      created_at: Date.now(),
    });
    await store.delete(thumb.key);
    const queuedBefore = await repos.workItems.countQueued('media');
    const report = await runFsck({ store, repos, fsck, transact }, { now: later });
    expect(report.renditionsRequeued).toEqual([`${blob.id}/thumb256`]);
    expect(await repos.media.findDerivative(blob.id, 'thumb256')).toBeUndefined();
    expect(await repos.workItems.countQueued('media')).toBe(queuedBefore + 1);
  });

  it('removes resumable uploads untouched for a day, and their files', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const created = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/uploads?${user.query}`,
      headers: {
        ...user.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `path ${Buffer.from('a.jpg').toString('base64')}`,
      },
    });
    const id = String(created.headers.location).split('?')[0]?.split('/').pop() ?? '';
    const dir = path.join(t.config.DATA_DIR, 'resumable');
    // Upload rows carry the app's (test) clock and files the disk's: both are put on the
    // test clock, so the test does not depend on the day it runs.
    const stray = path.join(dir, 'f'.repeat(32));
    fs.writeFileSync(stray, 'left by a crash');
    fs.utimesSync(stray, new Date(t.clock.now()), new Date(t.clock.now()));
    expect(fs.existsSync(path.join(dir, id))).toBe(true);
    const fresh = await runFsck(
      { store, repos, fsck, transact },
      { now: () => t.clock.now() + 2 * HOUR, resumableDir: dir },
    );
    // The stray file is old enough; the upload itself was touched within the day.
    expect(fresh.resumableRemoved).toBe(1);
    expect(fs.existsSync(path.join(dir, id))).toBe(true);
    const dayLater = await runFsck(
      { store, repos, fsck, transact },
      { now: () => t.clock.now() + 25 * HOUR, resumableDir: dir },
    );
    expect(dayLater.resumableRemoved).toBe(1);
    expect(fs.existsSync(path.join(dir, id))).toBe(false);
  });

  it('keeps the parts of uploads in progress in the store, and removes abandoned ones', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const upload = async (id: string, at: number) => {
      await repos.resumable.insert({
        id,
        user_id: user.userId,
        job_id: job,
        length: 10,
        offset: 0,
        fields: JSON.stringify({ path: 'a.jpg' }),
        result: null,
        created_at: at,
        updated_at: at,
      });
      const part = await store.put(Readable.from([Buffer.from('12345')]));
      expect(await repos.resumable.advance(id, 0, 5, at, { key: part.key, size: 5 })).toBe(true);
      return part.key;
    };
    // Both parts' bytes are hours old on the disk's clock, past the orphans' grace.
    const now = Date.now() + 2 * HOUR;
    const live = await upload('a'.repeat(32), now - HOUR);
    const abandoned = await upload('b'.repeat(32), now - 25 * HOUR);
    const report = await runFsck({ store, repos, fsck, transact }, { now: () => now });
    expect(report.orphansRemoved).not.toContain(live);
    expect(await store.stat(live)).toBeDefined();
    expect(report.resumableRemoved).toBe(1);
    expect(await store.stat(abandoned)).toBeUndefined();
    expect(await repos.resumable.listParts('b'.repeat(32))).toEqual([]);
    expect(await repos.resumable.listParts('a'.repeat(32))).toHaveLength(1);
    await repos.resumable.delete('a'.repeat(32));
    await store.delete(live);
  });

  it('queues again work that failed for good or was lost, so no file stays pending', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const upload = async (name: string) => {
      const answer = await uploadFile(t.app, user, job, {
        path: name,
        content: fakeJpeg(3000 + name.length),
      });
      const file = await repos.files.findFile(job, answer.json<{ uuid: string }>().uuid);
      if (!file) throw new Error('not stored');
      return file.blob_id;
    };
    const exhausted = await upload('exhausted.jpg');
    const lost = await upload('lost.jpg');
    const items = await t.database.db.selectFrom('work_items').select(['id', 'payload']).execute();
    const itemOf = (blobId: string) => items.find((item) => item.payload.includes(blobId))?.id ?? '';
    // One ran out of attempts (its file marked failed); the other's item is gone.
    await repos.workItems.fail(itemOf(exhausted), 'ffprobe timed out', null);
    await repos.workItems.complete(itemOf(lost));
    const queuedBefore = await repos.workItems.countQueued('media');

    const report = await runFsck({ store, repos, fsck, transact }, { now: later });
    expect(report.workRequeued).toEqual([itemOf(exhausted)]);
    expect(report.mediaRequeued).toEqual([lost]);
    expect(await repos.workItems.countQueued('media')).toBe(queuedBefore + 2);
    expect(await repos.workItems.listStuck(later())).toEqual([]);
  });

  it('removes the staging file of a finished resumable upload at once', async () => {
    const { store, repos, fsck, transact } = deps();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    const content = fakeJpeg(5000);
    const headers = { ...user.headers, 'tus-resumable': '1.0.0' };
    const created = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${job}/uploads?${user.query}`,
      headers: {
        ...headers,
        'upload-length': String(content.length),
        'upload-metadata': `path ${Buffer.from('staged.jpg').toString('base64')}`,
      },
    });
    const id = String(created.headers.location).split('?')[0]?.split('/').pop() ?? '';
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/st/4/jobs/${job}/uploads/${id}?${user.query}`,
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: content,
    });
    expect(patched.statusCode).toBe(200);
    // A crash between recording the answer and removing the file left it behind.
    const dir = path.join(t.config.DATA_DIR, 'resumable');
    fs.writeFileSync(path.join(dir, id), content);
    const report = await runFsck({ store, repos, fsck, transact }, { now: Date.now, resumableDir: dir });
    expect(report.resumableRemoved).toBe(1);
    expect(fs.existsSync(path.join(dir, id))).toBe(false);
  });
});
