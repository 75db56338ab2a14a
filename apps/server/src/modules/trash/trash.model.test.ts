import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, createTransact } from '../repositories.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { albumClient } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { createPurge } from './trash.purge.ts';

const DAY = 86_400_000;

/** One step of a user's life with their library, as the routes take it. */
type Step =
  | { kind: 'upload'; user: 0 | 1; content: number; intoAlbum: boolean }
  | { kind: 'copyToAlbum'; pick: number }
  | { kind: 'copyToTimeline'; pick: number }
  | { kind: 'copyToOwnAlbum'; pick: number }
  | { kind: 'copyIntoTheirAlbum'; pick: number }
  | { kind: 'trash'; pick: number }
  | { kind: 'restore'; pick: number }
  | { kind: 'deleteForGood'; pick: number }
  | { kind: 'emptyTrash'; user: 0 | 1 }
  | { kind: 'deleteAlbum' }
  | { kind: 'restoreAlbum' }
  | { kind: 'deleteAlbumForGood' }
  | { kind: 'age'; days: number };

const pick = fc.nat({ max: 50 });
const user = fc.constantFrom<0 | 1>(0, 1);
const STEP: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('upload' as const),
      user,
      content: fc.nat({ max: 2 }),
      intoAlbum: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyToAlbum' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyToTimeline' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyToOwnAlbum' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('copyIntoTheirAlbum' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('trash' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('restore' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteForGood' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('emptyTrash' as const), user }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteAlbum' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restoreAlbum' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteAlbumForGood' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('age' as const), days: fc.integer({ min: 1, max: 100 }) }),
  },
);

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/**
 * Issue #13 "storage that is really freed", as a property (docs/RESEARCH-RELIABILITY.md
 * §4.2): random runs of uploads (duplicates among them), album copies, another user's copy
 * to their timeline and into an album of their own, their copy into the other's album
 * (copy_files, issue #23), deletions, restores, deletions for good, emptied trash, an album
 * deleted, restored or deleted for good, and time passing past the 90 days with the purge,
 * all through the routes. After every step: each user's used space is exactly the sum of
 * the blobs they own; no blob row is left that no file names; every blob's bytes are stored
 * and are the bytes uploaded; no stored bytes are left that no row names; every file names
 * bytes of the user who added it (a copy is its copier's: it pins nobody else's storage).
 */
describe.each(DIALECTS)('the trash and storage, as a model (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const store = () => createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 });
  const ok = async (response: Promise<{ statusCode: number; body: string }>, what: string) => {
    const r = await response;
    if (r.statusCode !== 200) throw new Error(`${what}: ${String(r.statusCode)} ${r.body}`);
  };

  /** Files of the run's jobs, for the steps to pick from (in a fixed order: reproducible). */
  async function filesOf(jobs: readonly string[], state: 'active' | 'trashed') {
    if (jobs.length === 0) return [];
    return t.database.db
      .selectFrom('files')
      .innerJoin('jobs', 'jobs.id', 'files.job_id')
      .select(['files.id', 'files.job_id', 'jobs.owner_id', 'jobs.type'])
      .where('files.job_id', 'in', [...jobs])
      .where('files.state', '=', state)
      .where('jobs.deleted_at', 'is', null)
      .orderBy('files.id')
      .execute();
  }

  async function checkInvariants(users: readonly Session[], contents: ReadonlySet<string>) {
    const db = t.database.db;
    for (const s of users) {
      const owned = await db
        .selectFrom('blobs')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('total'))
        .where('owner_id', '=', s.userId)
        .executeTakeFirstOrThrow();
      expect((await c.account(s)).used_space, 'used space = the blobs owned').toBe(Number(owned.total));
    }
    const blobs = await db.selectFrom('blobs').select(['id', 'store_key', 'sha1', 'owner_id']).execute();
    const ours = new Set(users.map((s) => s.userId));
    const named = new Set((await db.selectFrom('files').select('blob_id').execute()).map((r) => r.blob_id));
    for (const blob of blobs) {
      expect(named.has(blob.id), `blob ${blob.id} is named by a file`).toBe(true);
      // Earlier runs' blobs hold their own runs' bytes.
      if (ours.has(blob.owner_id)) expect(contents.has(blob.sha1), 'a blob holds bytes uploaded').toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of await store().get(blob.store_key)) chunks.push(chunk as Buffer);
      expect(sha1(Buffer.concat(chunks)), 'stored bytes are the blob').toBe(blob.sha1);
    }
    const pinned = await db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .innerJoin('jobs', 'jobs.id', 'files.job_id')
      .select(['files.id', 'files.added_by', 'blobs.owner_id'])
      .where('jobs.type', '!=', 'share')
      .where('files.added_by', 'in', [...ours])
      .whereRef('blobs.owner_id', '!=', 'files.added_by')
      .execute();
    expect(pinned, "a file names another user's bytes").toEqual([]);
    const keys = new Set(blobs.map((b) => b.store_key));
    for (const d of await db.selectFrom('derivatives').select('store_key').execute()) keys.add(d.store_key);
    for await (const stored of store().list())
      expect(keys.has(stored.key), `stored ${stored.key} is named by a row`).toBe(true);
  }

  it('keeps used space exact, frees what nothing names, and loses nothing named', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 5, maxLength: 25 }), async (steps) => {
        const a = await signUp(t.app);
        const b = await signUp(t.app);
        const users = [a, b] as const;
        const timelines = [await timelineOf(t.app, a), await timelineOf(t.app, b)] as const;
        // Per run, so no run's bytes dedup with another's.
        const contents = [fakeJpeg(1200), fakeJpeg(2300), fakeJpeg(3400)];
        const hashes = new Set(contents.map(sha1));
        let album = (await c.createShared(a, 'Model')).id;
        await ok(c.subscribe(b, album), 'subscribe');
        // B's own album, for copies of A's photos (one whose last file left is made anew).
        let bAlbum = (await c.create(b, { name: 'Mine' })).id;
        const jobs = () => [...timelines, album, bAlbum];
        const purge = createPurge({
          repos: createRepositories(t.database.db),
          transact: createTransact(t.database.db),
          store: store(),
          now: t.clock.now,
          log: () => undefined,
        });
        // An album whose last file goes to the trash goes with it (spec 000 §4): then the
        // steps that add to it wait for a restore.
        const albumIsLive = async () =>
          (await t.database.db
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', album)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()) !== undefined;
        const nth = <T>(list: readonly T[], index: number) => list[index % Math.max(list.length, 1)];

        for (const step of steps) {
          switch (step.kind) {
            case 'upload': {
              const who = users[step.user];
              // B uploads only to their own timeline; A to theirs or to the album.
              const job =
                step.intoAlbum && step.user === 0 && (await albumIsLive()) ? album : timelines[step.user];
              const content = contents[step.content] ?? Buffer.alloc(0);
              const path = `Camera/p${String(step.content)}.jpg`;
              await ok(uploadFile(t.app, who, job, { path, content, mtime: 1_700_000_000 }), 'upload');
              break;
            }
            case 'copyToAlbum': {
              const file = nth(
                (await filesOf([timelines[0]], 'active')).filter((f) => f.type === 'timeline'),
                step.pick,
              );
              if (file && (await albumIsLive()))
                await ok(
                  c.send(a, 'POST', `/jobs/${album}/copy_files`, {
                    payload: { source_job: timelines[0], file_uuids: [file.id] },
                  }),
                  'copy_files',
                );
              break;
            }
            case 'copyToTimeline': {
              const file = nth(await filesOf([album], 'active'), step.pick);
              if (file)
                await ok(
                  c.send(b, 'POST', `/jobs/${album}/copy_to_timeline`, {
                    payload: { file_uuids: [file.id] },
                  }),
                  'copy_to_timeline',
                );
              break;
            }
            case 'copyToOwnAlbum': {
              const file = nth(await filesOf([album], 'active'), step.pick);
              if (!file) break;
              const live = await t.database.db
                .selectFrom('jobs')
                .select('id')
                .where('id', '=', bAlbum)
                .where('deleted_at', 'is', null)
                .executeTakeFirst();
              if (!live) bAlbum = (await c.create(b, { name: 'Mine again' })).id;
              await ok(
                c.send(b, 'POST', `/jobs/${bAlbum}/copy_files`, {
                  payload: { source_job: album, file_uuids: [file.id] },
                }),
                'copy_files into their album',
              );
              break;
            }
            case 'copyIntoTheirAlbum': {
              // B, a participant, copies from their timeline into A's album.
              const file = nth(await filesOf([timelines[1]], 'active'), step.pick);
              if (file && (await albumIsLive()))
                await ok(
                  c.send(b, 'POST', `/jobs/${album}/copy_files`, {
                    payload: { source_job: timelines[1], file_uuids: [file.id] },
                  }),
                  'copy_files into their album',
                );
              break;
            }
            case 'trash': {
              const file = nth(await filesOf(jobs(), 'active'), step.pick);
              const owner = users.find((s) => s.userId === file?.owner_id);
              if (file && owner)
                await ok(c.send(owner, 'DELETE', `/jobs/${file.job_id}/files_by_id/${file.id}`), 'trash');
              break;
            }
            case 'restore': {
              const file = nth(await filesOf(jobs(), 'trashed'), step.pick);
              const owner = users.find((s) => s.userId === file?.owner_id);
              if (file && owner)
                await ok(
                  c.send(owner, 'POST', `/jobs/${file.job_id}/multi_rollback`, {
                    payload: { file_uuids: [file.id] },
                  }),
                  'multi_rollback',
                );
              break;
            }
            case 'deleteForGood': {
              const file = nth(await filesOf(jobs(), 'trashed'), step.pick);
              const owner = users.find((s) => s.userId === file?.owner_id);
              if (file && owner)
                await ok(
                  c.send(owner, 'POST', '/empty_trash_can', { payload: { fileid: file.id } }),
                  'empty one',
                );
              break;
            }
            case 'emptyTrash':
              await ok(c.send(users[step.user], 'POST', '/empty_trash_can', { payload: {} }), 'empty all');
              break;
            case 'deleteAlbum':
              if (await albumIsLive()) await ok(c.send(a, 'DELETE', `/jobs/${album}`), 'delete album');
              break;
            case 'restoreAlbum':
              await ok(
                c.send(a, 'POST', '/rollback_albums', { payload: { job_uuids: [album] } }),
                'rollback_albums',
              );
              break;
            case 'deleteAlbumForGood':
              await ok(
                c.send(a, 'DELETE', '/delete_albums_from_trash_can', { payload: { job_uuids: [album] } }),
                'delete_albums_from_trash_can',
              );
              break;
            case 'age':
              t.clock.advance(step.days * DAY);
              await purge.run();
              break;
          }
          // An album deleted for good (or purged) leaves the run a new one to work with.
          const live = await t.database.db
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', album)
            .executeTakeFirst();
          if (!live) {
            album = (await c.createShared(a, 'Model again')).id;
            await ok(c.subscribe(b, album), 'subscribe');
          }
          await checkInvariants(users, hashes);
        }
      }),
      { numRuns: 12, seed: 13, endOnFailure: true },
    );
  }, 120_000);
});
