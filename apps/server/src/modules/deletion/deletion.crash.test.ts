import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { albumClient } from '../../test/albums.ts';
import { INJECT_ENV, signUp, timelineOf, type TestApp } from '../../test/harness.ts';
import { crashFileRow } from '../../test/rows.ts';
import { PROCESS_TEST_TIMEOUT_MS, spawnTrove } from '../../test/server-process.ts';
import { DELETION_KIND } from './stages.ts';

/**
 * [Note: Account deletion] the hard way: a `trove worker` running a deletion is killed with
 * SIGKILL at random moments, again and again, and started anew (the test ends the dead
 * process's lease at once instead of waiting its 10 s). After every kill `trove fsck` finds
 * nothing missing and the other user's library and used space are as they must be; at the
 * end the account is gone entirely, fsck has nothing to repair and the confirmation went.
 */
const ANN_TIMELINE = 1200;
const ANN_ALBUM = 400;
const ANN_IN_BOS = 300;
const BO_TIMELINE = 200;
const BO_IN_ANNS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const trove = (args: string[], dataDir: string) =>
  spawnTrove(args, dataDir, { ACCOUNT_DELETION_GRACE_DAYS: '0' });

describe('account deletion survives SIGKILL (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-deletion-crash-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ACCOUNT_DELETION_GRACE_DAYS: '0',
    ...INJECT_ENV,
  });
  const store = createFsBlobStore(dataDir, { reserveBytes: 0 });

  /** A file with bytes of its own (a new blob of `owner`), or naming the bytes of `sameAs`. */
  async function addFile(
    db: DatabaseHandle['db'],
    f: { owner: string; job: string; i: number; sameAs?: string },
  ) {
    const now = Date.now();
    let storeKey = f.sameAs;
    let size = 0;
    const content = Buffer.from(`file ${String(f.i)} ${randomUUID()}`.repeat(20));
    if (storeKey === undefined) {
      const stored = await store.put(Readable.from([content]));
      storeKey = stored.key;
      size = stored.size;
    } else {
      size = (await store.stat(storeKey))?.size ?? 0;
    }
    const blobId = randomUUID();
    await db
      .insertInto('blobs')
      .values({
        id: blobId,
        owner_id: f.owner,
        store_key: storeKey,
        size,
        sha1: createHash('sha1').update(`${storeKey} ${f.owner}`).digest('hex'),
        sha256: null,
        created_at: now,
      })
      .execute();
    await db
      .updateTable('users')
      .set((eb) => ({ used_space: eb('used_space', '+', size) }))
      .where('id', '=', f.owner)
      .execute();
    const id = randomUUID();
    await db
      .insertInto('files')
      .values(crashFileRow({ id, job: f.job, blob: blobId, by: f.owner, i: f.i, size, now }))
      .execute();
    return { id, storeKey, size };
  }

  it(
    'removes the account entirely, killed at any moment, and nothing of anyone else',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      // The accounts, albums and the request through the app; the libraries by rows (uploads
      // are another crash test's subject).
      const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      await migrateToLatest(database.db);
      const app = await buildApp({ config, database, logger: false });
      const t = { app } as TestApp;
      const c = albumClient(t);
      const ann = await signUp(app, { name: 'Ann' });
      const bo = await signUp(app, { name: 'Bo' });
      const annTimeline = await timelineOf(app, ann);
      const boTimeline = await timelineOf(app, bo);
      const annAlbum = (await c.createShared(ann, 'Ann trip')).id;
      const boAlbum = (await c.createShared(bo, 'Bo trip')).id;
      expect((await c.subscribe(bo, annAlbum)).statusCode).toBe(200);
      expect((await c.subscribe(ann, boAlbum)).statusCode).toBe(200);
      const db = database.db;
      const annKeys: string[] = [];
      let i = 0;
      for (let n = 0; n < ANN_TIMELINE; n++)
        annKeys.push((await addFile(db, { owner: ann.userId, job: annTimeline, i: i++ })).storeKey);
      for (let n = 0; n < ANN_ALBUM; n++) await addFile(db, { owner: ann.userId, job: annAlbum, i: i++ });
      for (let n = 0; n < ANN_IN_BOS; n++) await addFile(db, { owner: ann.userId, job: boAlbum, i: i++ });
      // Bo's own library, every tenth a copy naming Ann's bytes (his blob, his charge).
      const boKept: string[] = [];
      for (let n = 0; n < BO_TIMELINE; n++) {
        const sameAs = n % 10 === 0 ? annKeys[n] : undefined;
        boKept.push(
          (await addFile(db, { owner: bo.userId, job: boTimeline, i: i++, ...(sameAs && { sameAs }) })).id,
        );
      }
      let boInAnnsBytes = 0;
      for (let n = 0; n < BO_IN_ANNS; n++)
        boInAnnsBytes += (await addFile(db, { owner: bo.userId, job: annAlbum, i: i++ })).size;
      const boBefore = await db
        .selectFrom('users')
        .select('used_space')
        .where('id', '=', bo.userId)
        .executeTakeFirstOrThrow();
      const requested = await c.send(ann, 'POST', '/data_protection/request_account_deletion');
      expect(requested.statusCode, requested.body).toBe(200);
      await app.close();
      await database.close();

      const watcher = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
      const progress = async () => {
        const record = await watcher.db
          .selectFrom('account_deletions')
          .select(['stage', 'state'])
          .where('user_id', '=', ann.userId)
          .executeTakeFirstOrThrow();
        const files = await watcher.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('added_by', '=', ann.userId)
          .executeTakeFirstOrThrow();
        return { ...record, files: files.n };
      };
      /** Bo's library is whole and his used space is what his blobs hold. */
      const expectBoIntact = async () => {
        const files = await watcher.db
          .selectFrom('files')
          .select('id')
          .where('job_id', '=', boTimeline)
          .execute();
        expect(files.map((f) => f.id).sort()).toEqual([...boKept].sort());
        const blobs = await watcher.db
          .selectFrom('blobs')
          .select('size')
          .where('owner_id', '=', bo.userId)
          .execute();
        const user = await watcher.db
          .selectFrom('users')
          .select('used_space')
          .where('id', '=', bo.userId)
          .executeTakeFirstOrThrow();
        expect(user.used_space).toBe(blobs.reduce((sum, blob) => sum + blob.size, 0));
      };
      const stagesKilledIn = new Set<string>();
      let done = false;
      try {
        for (let round = 0; round < 20 && !done; round++) {
          const before = await progress();
          const run = trove(['worker'], dataDir);
          const status = { exited: false };
          void run.exited.then(() => {
            status.exited = true;
          });
          // Killed once it has made some progress, a random moment later.
          for (;;) {
            const now = await progress();
            if (
              status.exited ||
              now.state === 'done' ||
              now.stage !== before.stage ||
              now.files !== before.files
            )
              break;
            await sleep(2);
          }
          await sleep(Math.floor(Math.random() * 60));
          stagesKilledIn.add((await progress()).stage);
          run.child.kill('SIGKILL');
          await run.exited;
          done = (await progress()).state === 'done';
          // A dead worker's claim runs out after LEASE_MS; here at once.
          await watcher.db
            .updateTable('work_items')
            .set({ locked_until: null })
            .where('kind', '=', DELETION_KIND)
            .execute();
          const fsck = trove(['fsck', '--grace-minutes', '0'], dataDir);
          expect(await fsck.exited, fsck.output()).toBe(0);
          expect(fsck.output()).toMatch(/0 MISSING, 0 CORRUPT/);
          await expectBoIntact();
        }
        expect(done, `deletion done within 20 rounds (killed in ${[...stagesKilledIn].join(', ')})`).toBe(
          true,
        );
        console.log(`deletion crash test: killed in stages ${[...stagesKilledIn].join(', ')}`);
        expect(stagesKilledIn.size).toBeGreaterThan(1);

        // Ann is gone entirely; Bo lost only what he had put in her album.
        for (const [table, column] of [
          ['users', 'id'],
          ['jobs', 'owner_id'],
          ['files', 'added_by'],
          ['blobs', 'owner_id'],
          ['job_members', 'user_id'],
          ['sessions', 'user_id'],
        ] as const) {
          const left = await watcher.db
            .selectFrom(table)
            .selectAll()
            .where(column, '=', ann.userId)
            .execute();
          expect(left, table).toEqual([]);
        }
        await expectBoIntact();
        const boAfter = await watcher.db
          .selectFrom('users')
          .select('used_space')
          .where('id', '=', bo.userId)
          .executeTakeFirstOrThrow();
        expect(boAfter.used_space).toBe(boBefore.used_space - boInAnnsBytes);
        const mails = fs
          .readdirSync(path.join(dataDir, 'outbox'))
          .map((name) => fs.readFileSync(path.join(dataDir, 'outbox', name), 'utf8'));
        expect(mails.filter((mail) => mail.includes(ann.email)).length).toBeGreaterThanOrEqual(1);
      } finally {
        await watcher.close();
      }
      // Nothing left to repair: no bytes without a row, no row without bytes.
      const fsck = trove(['fsck', '--grace-minutes', '0', '--dry-run'], dataDir);
      expect(await fsck.exited, fsck.output()).toBe(0);
      expect(fsck.output()).toMatch(
        / 0 orphans removed .* 0 blobs no file names released.* 0 MISSING, 0 CORRUPT/,
      );
    },
  );
});
