import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { signUpInDataDir } from '../../test/harness.ts';
import { crashFileRow } from '../../test/rows.ts';
import { PROCESS_TEST_TIMEOUT_MS, spawnTrove } from '../../test/server-process.ts';

/**
 * [Note: Releasing storage] the hard way (issue #13): `trove purge` is killed with SIGKILL at
 * random moments while it deletes a large trash, again and again. After `trove fsck` nothing
 * a row names is lost (0 MISSING), no stored bytes are left that no row names, and the used
 * space is exactly what the remaining blobs hold; an album the purge began deleting can no
 * longer be restored (never back half empty). A last run finishes the job.
 */
const TRASHED = 1200;
const ACTIVE = 40;
/** Files of an album deleted 91 days ago: more than one batch, so a kill can split it. */
const ALBUM_FILES = 700;
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const trove = (args: string[], dataDir: string) => spawnTrove(args, dataDir);

describe('the purge survives SIGKILL (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-purge-crash-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'loses nothing referenced and keeps nothing unreferenced, killed at any moment',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const session = await signUpInDataDir(dataDir);
      const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', PORT: '80' });
      const store = createFsBlobStore(dataDir, { reserveBytes: 0 });
      const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      const db = database.db;
      const activeIds: string[] = [];
      const albumId = randomUUID();
      try {
        const job = await db
          .selectFrom('jobs')
          .select('id')
          .where('owner_id', '=', session.userId)
          .where('type', '=', 'timeline')
          .executeTakeFirstOrThrow();
        const now = Date.now();
        await db
          .insertInto('jobs')
          .values({
            id: albumId,
            owner_id: session.userId,
            type: 'story',
            title: 'Old album',
            privacy_mode: 'private',
            permissions: 3,
            created_at: now - 100 * DAY,
            updated_at: now - 100 * DAY,
            deleted_at: now - 91 * DAY,
            cover_id: null,
            password_hash: null,
            sort_order: null,
          })
          .execute();
        let used = 0;
        // A library made directly (uploads are the other crash test's subject): small files,
        // most in the trash for 91 days, the rest active or in the deleted album; every tenth
        // trashed or album file shares its blob with an active file (a copy), whose bytes must
        // survive.
        const sharedBlobs: string[] = [];
        for (let i = 0; i < TRASHED + ACTIVE + ALBUM_FILES; i++) {
          const inAlbum = i >= TRASHED + ACTIVE;
          const active = i < ACTIVE || inAlbum;
          const reuse = (!active || inAlbum) && i % 10 === 0 ? sharedBlobs[i % ACTIVE] : undefined;
          let blobId = reuse;
          if (!blobId) {
            const content = Buffer.from(`file ${String(i)} ${randomUUID()}`.repeat(20));
            const stored = await store.put(Readable.from([content]));
            blobId = randomUUID();
            await db
              .insertInto('blobs')
              .values({
                id: blobId,
                owner_id: session.userId,
                store_key: stored.key,
                size: stored.size,
                sha1: createHash('sha1').update(content).digest('hex'),
                sha256: null,
                created_at: now,
              })
              .execute();
            used += stored.size;
            if (active && !inAlbum) sharedBlobs.push(blobId);
          }
          const id = randomUUID();
          if (active && !inAlbum) activeIds.push(id);
          await db
            .insertInto('files')
            .values(
              crashFileRow({
                id,
                job: inAlbum ? albumId : job.id,
                blob: blobId,
                by: session.userId,
                i,
                size: 100,
                now,
                ...(active ? {} : { trashedAt: now - 91 * DAY }),
              }),
            )
            .execute();
        }
        await db.updateTable('users').set({ used_space: used }).where('id', '=', session.userId).execute();
      } finally {
        await database.close();
      }

      let finished = false;
      let kills = 0;
      const watcher = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      // What the purge has left to delete: trashed files, and the deleted album's.
      const trashedLeft = async () =>
        (
          await watcher.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => eb.or([eb('state', '=', 'trashed'), eb('job_id', '=', albumId)]))
            .executeTakeFirstOrThrow()
        ).n;
      /** The album is whole, or gone, or marked beyond restoring: never restorable half empty. */
      const expectAlbumNotHalfRestorable = async () => {
        const album = await watcher.db
          .selectFrom('jobs')
          .select('purge_started_at')
          .where('id', '=', albumId)
          .executeTakeFirst();
        const files = (
          await watcher.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('job_id', '=', albumId)
            .executeTakeFirstOrThrow()
        ).n;
        if (album && files < ALBUM_FILES) expect(album.purge_started_at).not.toBeNull();
      };
      try {
        for (let round = 0; round < 12 && !finished; round++) {
          const before = await trashedLeft();
          const run = trove(['purge'], dataDir);
          // Set by the exit callback (an object: a plain flag reads as never changing to lint).
          const status = { exited: false };
          void run.exited.then(() => {
            status.exited = true;
          });
          // Killed once its first batch committed, a moment later: while it frees that
          // batch's bytes, or deletes the next batch's rows.
          while (!status.exited && (await trashedLeft()) === before) await sleep(2);
          await sleep(Math.floor(Math.random() * 30));
          run.child.kill('SIGKILL');
          if ((await run.exited) === 0) finished = true;
          else kills += 1;
          const fsck = trove(['fsck', '--grace-minutes', '0'], dataDir);
          expect(await fsck.exited, fsck.output()).toBe(0);
          expect(fsck.output()).toMatch(/0 MISSING, 0 CORRUPT/);
          await expectConsistent(dataDir, config.SQLITE_FILE, session.userId);
          await expectAlbumNotHalfRestorable();
        }
      } finally {
        await watcher.close();
      }
      // Once more, whether or not a round finished: a purge of a clean trash is a no-op.
      const last = trove(['purge'], dataDir);
      expect(await last.exited, last.output()).toBe(0);
      console.log(`purge crash test: ${String(kills)} kills mid-purge before it finished`);
      expect(kills).toBeGreaterThan(0);

      const after = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      try {
        const left = await after.db.selectFrom('files').select(['id', 'state']).execute();
        expect(left.filter((f) => f.state === 'trashed')).toEqual([]);
        expect(left.map((f) => f.id).sort()).toEqual([...activeIds].sort());
        expect(await after.db.selectFrom('jobs').select('id').where('id', '=', albumId).execute()).toEqual(
          [],
        );
      } finally {
        await after.close();
      }
      await expectConsistent(dataDir, config.SQLITE_FILE, session.userId);
    },
  );
});

/** Every row's bytes stored, no stored bytes without a row, used space = the blobs' sizes. */
async function expectConsistent(dataDir: string, sqliteFile: string, userId: string): Promise<void> {
  const database = openDatabase({ databaseUrl: '', sqliteFile });
  try {
    const blobs = await database.db.selectFrom('blobs').select(['store_key', 'size', 'owner_id']).execute();
    const store = createFsBlobStore(dataDir, { reserveBytes: 0 });
    const stored = new Set<string>();
    for await (const blob of store.list()) stored.add(blob.key);
    const named = new Set(blobs.map((blob) => blob.store_key));
    expect(
      [...named].filter((key) => !stored.has(key)),
      'rows whose bytes are gone',
    ).toEqual([]);
    expect(
      [...stored].filter((key) => !named.has(key)),
      'bytes no row names',
    ).toEqual([]);
    const user = await database.db
      .selectFrom('users')
      .select('used_space')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const sum = blobs
      .filter((blob) => blob.owner_id === userId)
      .reduce((total, blob) => total + blob.size, 0);
    expect(user.used_space).toBe(sum);
  } finally {
    await database.close();
  }
}
