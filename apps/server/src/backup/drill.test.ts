import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, fakeJpeg, signUpInDataDir } from '../test/harness.ts';
import { spawnTrove, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { backupBlobPath } from './blob-copy.ts';
import { apiClient, drillDatabase, keysOfFiles, runTrove, type Acknowledged } from './drill.test-support.ts';
import { readManifest } from './manifest.ts';

/** Files uploaded before the backup; the drill deletes some of them for good while it copies. */
const SEED_FILES = 30;
const SEED_PHOTOS = 3;
/** Seed files deleted for good during the backup: half in the trash already, half live. */
const DELETED = 8;
const UPLOAD_LANES = 2;

const blobFile = (dataDir: string, key: string) =>
  path.join(dataDir, 'blobs', key.slice(0, 2), key.slice(2, 4), key);

/**
 * The restore drill of docs/OPERATIONS.md, on a real server ([Note: Backup hold]): `trove
 * backup` runs while uploads go on and files are deleted for good, after its snapshot and
 * before its copy reaches their bytes; then the data is wiped and restored. `trove fsck
 * --verify` must find nothing missing or corrupt, and every upload acknowledged before the
 * snapshot began must download byte for byte.
 */
describe.each(DIALECTS)('backup and restore drill (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  it(
    'restores every acknowledged file of a backup taken under uploads and deletions',
    { timeout: 120_000 },
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-drill-'));
      const dataDir = path.join(root, 'data');
      const backupDir = path.join(root, 'backup');
      const database = await drillDatabase(dialect);
      cleanups.push(async () => {
        await database.drop();
        fs.rmSync(root, { recursive: true, force: true });
      });
      const env = { DATABASE_URL: database.url };
      let server: ServerProcess | undefined;
      cleanups.push(async () => server?.stop('SIGKILL'));

      const session = await signUpInDataDir(dataDir, database.url);
      server = await startServerProcess(dataDir, env);
      const api = apiClient(server.url, session);
      const job = await api.timeline();
      const uploaded = new Map<string, Acknowledged>();
      const keep = (ack: Acknowledged) => {
        uploaded.set(ack.id, ack);
        return ack;
      };

      // Before the backup: photos (whose thumbnails the worker makes) and larger files.
      const seed: Acknowledged[] = [];
      for (let i = 0; i < SEED_PHOTOS; i++) {
        const photo = await sharp({
          create: { width: 96, height: 64, channels: 3, background: { r: i * 80, g: 40, b: 200 - i * 60 } },
        })
          .png()
          .toBuffer();
        seed.push(keep(await api.upload(job, `photo-${String(i)}.png`, photo)));
      }
      for (let i = 0; i < SEED_FILES; i++) {
        seed.push(keep(await api.upload(job, `seed-${String(i)}.jpg`, fakeJpeg(150_000 + i * 5_000))));
      }
      // The photos' thumbnails are in the snapshot too (renditions are blobs of their own).
      const photoIds = seed.slice(0, SEED_PHOTOS).map((photo) => photo.id);
      const ready = async () =>
        (await api.files(job)).filter((f) => photoIds.includes(f.id) && f.media_status === 'ready').length;
      for (let waited = 0; (await ready()) < SEED_PHOTOS; waited += 100) {
        if (waited > 30_000) throw new Error('the worker made no thumbnails');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Deleted during the copy: those whose blobs it reaches last (it copies in key order).
      const byKey = (
        await keysOfFiles(
          dataDir,
          database.url,
          seed.slice(SEED_PHOTOS).map((s) => s.id),
        )
      ).sort((a, b) => b.key.localeCompare(a.key));
      const doomed = byKey.slice(0, DELETED);
      const trashedBefore = doomed.slice(0, DELETED / 2).map((row) => row.id);
      for (const id of trashedBefore) await api.trash(job, id);

      // Uploads all through the backup.
      let uploading = true;
      let counter = 0;
      const lane = async () => {
        while (uploading)
          keep(
            await api.upload(job, `live-${String(counter++)}.jpg`, fakeJpeg(20_000 + (counter % 7) * 9_000)),
          );
      };
      const lanes = Array.from({ length: UPLOAD_LANES }, lane);
      while (uploaded.size < seed.length + 6) await new Promise((resolve) => setTimeout(resolve, 20));

      const backup = spawnTrove(['backup', backupDir], dataDir, env);
      while (!backup.output().includes('backup: snapshot taken')) {
        if (backup.child.exitCode !== null) throw new Error(`the backup ended early:\n${backup.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Frozen between its snapshot and the end of its copy, while files are deleted for good.
      backup.child.kill('SIGSTOP');
      expect(backup.output(), 'the drill must delete while the backup still copies').not.toContain(
        'backup: complete',
      );
      for (const row of doomed.slice(DELETED / 2)) await api.trash(job, row.id);
      expect(await api.emptyTrash(doomed.map((row) => row.id))).toBe(DELETED);
      // The deletion went through, but the backup's hold kept the bytes.
      for (const row of doomed)
        expect(fs.existsSync(blobFile(dataDir, row.key)), `bytes of ${row.id}`).toBe(true);
      backup.child.kill('SIGCONT');
      expect(await backup.exited, backup.output()).toBe(0);
      const backupEnded = Date.now();
      while (![...uploaded.values()].some((ack) => ack.ackedAt > backupEnded + 50))
        await new Promise((resolve) => setTimeout(resolve, 20));
      uploading = false;
      await Promise.all(lanes);

      // With the hold released, fsck removes what the deletions left behind.
      const live = await runTrove(['fsck', '--grace-minutes', '0'], dataDir, env);
      expect(live.output).not.toContain('a backup is running');
      for (const row of doomed)
        expect(fs.existsSync(blobFile(dataDir, row.key)), `orphan ${row.id}`).toBe(false);
      await server.stop();

      const manifest = await readManifest(backupDir);
      for (const row of doomed) expect(fs.existsSync(backupBlobPath(backupDir, row.key))).toBe(true);

      // The machine is lost: a new, empty DATA_DIR and database.
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.wipe();
      const restore = await runTrove(['restore', backupDir], dataDir, env);
      expect(restore.code, restore.output).toBe(0);
      const fsck = await runTrove(['fsck', '--verify'], dataDir, env);
      expect(fsck.output).toMatch(/ 0 renditions queued again,.* 0 MISSING, 0 CORRUPT/);
      expect(fsck.code, fsck.output).toBe(0);

      server = await startServerProcess(dataDir, env);
      const restored = apiClient(server.url, session);
      expect((await restored.trashed()).sort()).toEqual([...trashedBefore].sort());
      await restored.restoreFromTrash(job, trashedBefore);
      const listed = new Map((await restored.files(job)).map((file) => [file.id, file]));
      const before = [...uploaded.values()].filter((ack) => ack.ackedAt < manifest.snapshotStartedAt);
      // Uploads went on while the backup began, and after it ended (those are not in it).
      expect(before.length).toBeGreaterThan(seed.length);
      const after = [...uploaded.values()].filter((ack) => ack.ackedAt > backupEnded);
      expect(after.length).toBeGreaterThan(0);
      for (const ack of after) expect(listed.has(ack.id)).toBe(false);
      for (const ack of before) expect(listed.has(ack.id), `acknowledged upload ${ack.id}`).toBe(true);
      // Whatever is there, acknowledged before the snapshot or committed just in time, is whole.
      for (const file of listed.values()) {
        const sent = uploaded.get(file.id);
        expect(sent, `restored file ${file.id} was uploaded`).toBeDefined();
        expect(
          (await restored.download(file)).equals(sent?.bytes ?? Buffer.alloc(0)),
          `bytes of ${file.id}`,
        ).toBe(true);
      }
      for (const id of photoIds) {
        const photo = listed.get(id);
        if (!photo) throw new Error(`photo ${id} was not restored`);
        expect(photo.media_status).toBe('ready');
        expect((await restored.download(photo, 'thumb_url_small')).length).toBeGreaterThan(0);
      }
      console.log(
        `drill (${dialect}): ${String(uploaded.size)} uploads, ${String(before.length)} before the snapshot, ` +
          `${String(listed.size)} restored; ${fsck.output.trim()}`,
      );
    },
  );
});
