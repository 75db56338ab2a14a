import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import type { MediaTools } from '../modules/media/media.worker.ts';
import { createBullmqWorkQueue } from '../queue/bullmq-work-queue.ts';
import { createWorkItemsRepository } from '../queue/work-items.repository.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import {
  createTestApp,
  fakeJpeg,
  openTestDatabase,
  signUp,
  testClock,
  timelineOf,
  uploadFile,
  type TestApp,
  type TestDatabase,
} from '../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../test/redis.ts';
import { until } from '../test/wait.ts';
import { createWorker } from '../worker.ts';
import { registerBullmqCollector } from './collectors.ts';
import { resolveServerSecret } from '../secrets/server-secret.ts';
import { createMetrics } from './metrics.ts';
import { sampleOf } from './metrics.test-support.ts';

/** Decodes nothing: two thumbnails for `good*` files, a failure a retry might fix for the rest. */
const tools: MediaTools = {
  analyze: (input) =>
    input.name.startsWith('good')
      ? Promise.resolve({
          width: 4,
          height: 3,
          duration: 0,
          metadata: {},
          thumbhash: 'x',
          renditions: {
            thumb256: { contentType: 'image/webp', bytes: Buffer.from('small') },
            thumb1280: { contentType: 'image/webp', bytes: Buffer.from('large') },
          },
        })
      : Promise.reject(new Error('ffprobe timed out')),
  isPermanent: () => false,
};

/** Issue #26, [Note: Metrics]: what `trove worker` (and serve's embedded worker) counts. */
describe('worker metrics', () => {
  let t: TestApp | undefined;
  let worker: ReturnType<typeof createWorker> | undefined;
  afterEach(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('counts the renditions stored and times each work item by kind and outcome', async () => {
    const bus = createInProcessEventBus();
    t = await createTestApp('sqlite', { deps: { bus } });
    const metrics = createMetrics();
    worker = createWorker({
      config: t.config,
      database: t.database,
      store: createFsBlobStore(t.config.DATA_DIR),
      bus,
      tools,
      metrics,
      serverSecret: (await resolveServerSecret({ config: t.config, db: t.database.db })).secret,
      now: t.clock.now,
      log: () => undefined,
    });
    worker.start();
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    for (const name of ['good.jpg', 'bad.jpg'])
      expect((await uploadFile(t.app, user, job, { path: name, content: fakeJpeg(3000) })).statusCode).toBe(
        200,
      );

    const count = (text: string, outcome: string) =>
      sampleOf(text, 'trove_work_item_duration_seconds_count', { kind: 'media', outcome }) ?? 0;
    let text = '';
    await until(async () => {
      text = await metrics.registry.metrics();
      return count(text, 'done') >= 1 && count(text, 'failed') >= 1;
    }, 'both media items to run');
    expect(count(text, 'done')).toBe(1);
    expect(sampleOf(text, 'trove_media_renditions_total', { kind: 'thumb256' })).toBe(1);
    expect(sampleOf(text, 'trove_media_renditions_total', { kind: 'thumb1280' })).toBe(1);
    expect(sampleOf(text, 'trove_media_renditions_total', { kind: 'preview' })).toBeUndefined();
  });
});

describe('BullMQ job counts', () => {
  const redis = useTestRedis('BullMQ metrics tests');
  let database: TestDatabase | undefined;
  let prefix = '';
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await database?.cleanup();
    database = undefined;
    let cursor = '0';
    do {
      const [next, keys] = await redis.admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.admin.unlink(...keys);
    } while (cursor !== '0');
  });

  it('reads the jobs in Redis by state when scraped', async () => {
    database = await openTestDatabase('sqlite');
    prefix = `trove-test-${randomBytes(5).toString('hex')}`;
    const clock = testClock();
    const workItems = createWorkItemsRepository(database.handle.db);
    const queue = createBullmqWorkQueue({
      redisUrl: TEST_REDIS_URL,
      prefix,
      workItems,
      bus: createInProcessEventBus(),
      concurrency: 1,
      now: clock.now,
      pollMs: 60_000,
    });
    const metrics = createMetrics();
    registerBullmqCollector(metrics, () => queue.jobCounts());
    const scrape = () => metrics.registry.metrics();
    const jobs = (text: string, state: string) => sampleOf(text, 'trove_bullmq_jobs', { state });
    // Stopped, there is no queue to ask: no series, and the source counts as up.
    expect(jobs(await scrape(), 'waiting')).toBeUndefined();

    for (let i = 0; i < 3; i++) await workItems.enqueue({ kind: 'media', payload: { i }, now: clock.now() });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stop = async () => {
      release();
      await queue.stop();
    };
    queue.start({ media: () => held });
    let text = '';
    await until(async () => {
      text = await scrape();
      return jobs(text, 'active') === 1 && jobs(text, 'waiting') === 2;
    }, 'one job running and two waiting in Redis');
    expect(jobs(text, 'delayed')).toBe(0);
    expect(sampleOf(text, 'trove_metrics_source_up', { source: 'bullmq' })).toBe(1);
  });
});
