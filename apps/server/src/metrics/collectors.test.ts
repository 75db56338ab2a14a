import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testClock, type TestDatabase } from '../test/harness.ts';
import { createWorkItemsRepository } from '../queue/work-items.repository.ts';
import { readQueueDepth } from '../queue/queue-depth.ts';
import { registerDiskCollector, registerQueueCollector } from './collectors.ts';
import { createMetrics } from './metrics.ts';
import { sampleOf } from './metrics.test-support.ts';

/**
 * Issue #26, [Note: Metrics]: the gauges read when Prometheus scrapes. Queue depth and age
 * come from the work items table of either database; the disk's from DATA_DIR.
 */
describe.each(DIALECTS)('queue depth on scrape (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('reflects the work items by kind and state, and the wait of the oldest due one', async () => {
    database = await openTestDatabase(dialect);
    const db = database.handle.db;
    const clock = testClock();
    const items = createWorkItemsRepository(db);
    const metrics = createMetrics();
    registerQueueCollector(metrics, (now) => readQueueDepth(db, now), clock.now);
    const scrape = () => metrics.registry.metrics();
    const depth = (text: string, kind: string, state: string) =>
      sampleOf(text, 'trove_queue_depth', { kind, state });
    const age = (text: string, kind: string) => sampleOf(text, 'trove_queue_oldest_age_seconds', { kind });

    const t0 = clock.now();
    // Four media items due since t0, one due in an hour; one purge item.
    for (let i = 0; i < 4; i++) await items.enqueue({ kind: 'media', payload: { i }, now: t0 });
    await items.enqueue({ kind: 'media', payload: {}, now: t0, runAfter: t0 + 3_600_000 });
    await items.enqueue({ kind: 'purge', payload: {}, now: t0 });
    clock.advance(90_000);
    // One claimed (running), one failed for good.
    const running = await items.claim('media', clock.now(), 30_000);
    const broken = await items.claim('media', clock.now(), 30_000);
    if (!running || !broken) throw new Error('nothing to claim');
    await items.fail(broken.id, 'corrupt', null);

    let text = await scrape();
    expect(depth(text, 'media', 'ready')).toBe(2);
    expect(depth(text, 'media', 'claimed')).toBe(1);
    expect(depth(text, 'media', 'delayed')).toBe(1);
    expect(depth(text, 'media', 'failed')).toBe(1);
    expect(depth(text, 'purge', 'ready')).toBe(1);
    expect(depth(text, 'purge', 'claimed')).toBe(0);
    expect(age(text, 'media')).toBe(90);
    expect(age(text, 'purge')).toBe(90);

    // The lease runs out unrenewed (its worker died): the item is ready again, as claim sees it.
    clock.advance(40_000);
    text = await scrape();
    expect(depth(text, 'media', 'ready')).toBe(3);
    expect(depth(text, 'media', 'claimed')).toBe(0);

    // Done with everything: the kinds stay, at 0, so alerts on them resolve.
    await db.deleteFrom('work_items').execute();
    text = await scrape();
    for (const state of ['ready', 'claimed', 'delayed', 'failed']) {
      expect(depth(text, 'media', state), state).toBe(0);
      expect(depth(text, 'purge', state), state).toBe(0);
    }
    expect(age(text, 'media')).toBe(0);
  });
});

describe('scrape-time collectors', () => {
  it('leaves the queue series out and says the source is down while the database fails', async () => {
    const metrics = createMetrics();
    let fail = false;
    registerQueueCollector(metrics, () =>
      fail
        ? Promise.reject(new Error('connection refused'))
        : Promise.resolve([
            { kind: 'media', ready: 2, claimed: 0, delayed: 0, failed: 0, oldestDueAt: null },
          ]),
    );
    const ok = await metrics.registry.metrics();
    expect(sampleOf(ok, 'trove_queue_depth', { kind: 'media', state: 'ready' })).toBe(2);
    expect(sampleOf(ok, 'trove_metrics_source_up', { source: 'queue' })).toBe(1);
    fail = true;
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'trove_queue_depth', { kind: 'media', state: 'ready' })).toBeUndefined();
    expect(sampleOf(text, 'trove_metrics_source_up', { source: 'queue' })).toBe(0);
  });

  it('reads the free and total bytes of the data disk and the configured reserve', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-disk-'));
    try {
      const metrics = createMetrics();
      registerDiskCollector(metrics, dataDir, 256 * 1024 * 1024);
      const text = await metrics.registry.metrics();
      const stats = fs.statfsSync(dataDir);
      const free = sampleOf(text, 'trove_disk_free_bytes') ?? 0;
      // Other tests write to this disk meanwhile: near the statfs of now, not equal to it.
      expect(Math.abs(free - stats.bavail * stats.bsize)).toBeLessThan(1024 ** 3);
      expect(sampleOf(text, 'trove_disk_size_bytes')).toBe(stats.blocks * stats.bsize);
      expect(sampleOf(text, 'trove_disk_reserve_bytes')).toBe(268_435_456);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says the disk source is down, and still answers, when DATA_DIR cannot be read', async () => {
    const metrics = createMetrics();
    registerDiskCollector(metrics, path.join(os.tmpdir(), `trove-missing-${String(process.pid)}`, 'x'), 0);
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'trove_disk_free_bytes')).toBeNaN();
    expect(sampleOf(text, 'trove_disk_size_bytes')).toBeNaN();
    expect(sampleOf(text, 'trove_disk_reserve_bytes')).toBe(0);
    expect(sampleOf(text, 'trove_metrics_source_up', { source: 'disk' })).toBe(0);
  });
});
