import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../../events/event-bus.ts';
import { createRepositories, createTransact } from '../repositories.ts';
import { createBullmqWorkQueue } from '../../queue/bullmq-work-queue.ts';
import { createDatabaseWorkQueue, WORK_CHANNEL, type WorkQueue } from '../../queue/work-queue.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import { DIALECTS, createTestApp, signUp, timelineOf, type TestApp } from '../../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../../test/redis.ts';
import { until } from '../../test/wait.ts';
import { albumClient } from '../../test/albums.ts';
import { createPurge, PURGE_KIND, schedulePurge } from './trash.purge.ts';

const DAY = 86_400_000;
const redis = useTestRedis('the trash purge on BullMQ');

/**
 * The purge (issue #13; spec 000 §4, §9: 90 days in the trash, files and albums): with the
 * clock moved past 90 days what was trashed goes for good, storage and all; what is younger
 * stays; a second run finds nothing; it runs as a work item on the embedded queue and on
 * BullMQ alike.
 */
describe.each(DIALECTS)('the trash purge (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const purgeOf = (logs: string[] = []) => {
    const repos = createRepositories(t.database.db);
    return createPurge({
      repos,
      transact: createTransact(t.database.db),
      store: createFsBlobStore(t.config.DATA_DIR, { reserveBytes: 0 }),
      now: t.clock.now,
      log: (message) => logs.push(message),
    });
  };
  const exists = async (table: 'files' | 'jobs', id: string) =>
    (await t.database.db.selectFrom(table).select('id').where('id', '=', id).execute()).length === 1;

  it('removes files and albums 90 days in the trash, frees their storage, keeps the younger, and is idempotent', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const old = await c.uploaded(user, timeline, 'old.jpg', 3000);
    const young = await c.uploaded(user, timeline, 'young.jpg', 2000);
    const kept = await c.uploaded(user, timeline, 'kept.jpg', 1000);
    const album = await c.create(user, { name: 'Old trip' });
    await c.uploaded(user, album.id, 'trip.jpg', 4000);
    expect((await c.account(user)).used_space).toBe(10_000);

    await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${old}`);
    t.clock.advance(50 * DAY);
    await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${young}`);
    expect((await c.send(user, 'DELETE', `/jobs/${album.id}`)).statusCode).toBe(200);
    t.clock.advance(41 * DAY);

    const logs: string[] = [];
    expect(await purgeOf(logs).run()).toMatchObject({ files: 1, albums: 0, freedBytes: 3000 });
    expect(logs.join('\n')).toMatch(
      /1 files, 0 albums and 0 ended shares deleted for good, 3000 bytes freed/,
    );
    expect(await exists('files', old)).toBe(false);
    expect(await exists('files', young)).toBe(true);
    expect(await exists('jobs', album.id)).toBe(true);
    expect((await c.account(user)).used_space).toBe(7000);

    t.clock.advance(50 * DAY);
    expect(await purgeOf().run()).toMatchObject({ files: 2, albums: 1, freedBytes: 6000 });
    expect(await exists('files', young)).toBe(false);
    expect(await exists('jobs', album.id)).toBe(false);
    expect(await exists('files', kept)).toBe(true);
    expect((await c.account(user)).used_space).toBe(1000);
    expect(await purgeOf().run()).toEqual({
      files: 0,
      albums: 0,
      shares: 0,
      freedBytes: 0,
      abandonedUploads: 0,
    });
  });

  it('removes ended shares (stopped, or past 30 days) and keeps the originals, their bytes and storage', async () => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const photo = await c.uploaded(user, timeline, 'shared.jpg', 3500);
    const share = async () => {
      const r = await c.send(user, 'POST', '/shares', {
        payload: { source_job: timeline, file_uuids: [photo] },
      });
      return r.json<{ id: string }>().id;
    };
    const stopped = await share();
    const expiring = await share();
    const live = await share();
    await c.send(user, 'DELETE', `/shares/${stopped}`);
    expect(await purgeOf().run()).toMatchObject({ shares: 1, freedBytes: 0 });
    expect(await exists('jobs', stopped)).toBe(false);
    expect(await exists('jobs', expiring)).toBe(true);
    t.clock.advance(31 * DAY);
    // `live` was made 31 days ago too: every share of the test has ended now.
    expect(await purgeOf().run()).toMatchObject({ shares: 2, freedBytes: 0 });
    for (const id of [expiring, live]) expect(await exists('jobs', id)).toBe(false);
    const copies = await t.database.db
      .selectFrom('files')
      .select('id')
      .where('job_id', 'in', [stopped, expiring, live])
      .execute();
    expect(copies).toEqual([]);
    expect(await exists('files', photo)).toBe(true);
    expect((await c.account(user)).used_space).toBe(3500);
    const original = (await c.files(user, timeline)).find((f) => f.id === photo);
    expect((await t.app.inject({ url: original?.file_url ?? '' })).statusCode).toBe(200);
  });

  it.each(['embedded', 'bullmq'] as const)('runs as a work item on the %s queue', async (kind) => {
    const user = await signUp(t.app);
    const timeline = await timelineOf(t.app, user);
    const file = await c.uploaded(user, timeline, `${kind}.jpg`, 2500);
    await c.send(user, 'DELETE', `/jobs/${timeline}/files_by_id/${file}`);
    t.clock.advance(91 * DAY);
    const repos = createRepositories(t.database.db);
    const bus = createInProcessEventBus();
    const common = { workItems: repos.workItems, bus, concurrency: 1, now: t.clock.now, pollMs: 60_000 };
    const prefix = `trove-test-${randomBytes(5).toString('hex')}`;
    const queue: WorkQueue =
      kind === 'embedded'
        ? createDatabaseWorkQueue(common)
        : createBullmqWorkQueue({ ...common, redisUrl: TEST_REDIS_URL, prefix });
    try {
      queue.start({ [PURGE_KIND]: purgeOf().handler });
      expect(await schedulePurge(repos, t.clock.now())).toBe(true);
      // A second ask while one waits queues nothing more.
      expect(await schedulePurge(repos, t.clock.now())).toBe(false);
      await bus.publish(WORK_CHANNEL, PURGE_KIND);
      await until(async () => !(await exists('files', file)), 'the purge to remove the file');
      await until(
        async () => (await repos.workItems.countQueued(PURGE_KIND)) === 0,
        'the purge item to complete',
      );
    } finally {
      await queue.stop();
      // Only this test's keys: the Redis is shared.
      const keys = await redis.admin.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.admin.unlink(...keys);
    }
  });
});
