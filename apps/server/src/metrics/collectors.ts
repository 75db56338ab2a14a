import fs from 'node:fs';
import { Gauge } from 'prom-client';
import type { QueueDepth } from '../queue/queue-depth.ts';
import { METRIC_PREFIX, type TroveMetrics } from './metrics.ts';

type Metrics = Pick<TroveMetrics, 'registry' | 'sources'>;

const QUEUE_STATES = ['ready', 'claimed', 'delayed', 'failed'] as const;

/**
 * A read slower than this counts as failed: a database or Redis that does not answer must
 * not hold the whole scrape (Prometheus gives up after 10 s by default) and its process metrics.
 */
export const SCRAPE_READ_TIMEOUT_MS = 3_000;

/**
 * trove_queue_depth{kind,state} and trove_queue_oldest_age_seconds{kind}, read from the work
 * items table when Prometheus scrapes (see [Note: Metrics]). A kind seen once stays at 0 when
 * its items are gone, so an alert on it resolves rather than losing its series. While the
 * database does not answer the series are left out and trove_metrics_source_up{source="queue"}
 * is 0: the scrape still answers, with the process metrics.
 */
export function registerQueueCollector(
  metrics: Metrics,
  read: (now: number) => Promise<QueueDepth[]>,
  now: () => number = Date.now,
): void {
  const registers = [metrics.registry];
  const seen = new Set<string>();
  const scrape = scrapeSource(metrics, 'queue', async () => {
    const at = now();
    const depths = await read(at);
    for (const depth of depths) seen.add(depth.kind);
    return { at, depths };
  });
  new Gauge({
    name: `${METRIC_PREFIX}queue_depth`,
    help: 'Work items by kind and state: ready (due, unclaimed), claimed (running or relayed to BullMQ), delayed (retry backoff or scheduled), failed.',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      const result = await scrape();
      this.reset();
      if (!result) return;
      const byKind = new Map(result.depths.map((depth) => [depth.kind, depth]));
      for (const kind of seen) {
        for (const state of QUEUE_STATES) this.set({ kind, state }, byKind.get(kind)?.[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}queue_oldest_age_seconds`,
    help: 'Seconds since the oldest due, unfinished work item of a kind became due (waiting or running); 0 when none.',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      const result = await scrape();
      this.reset();
      if (!result) return;
      const dueAt = new Map(result.depths.map((depth) => [depth.kind, depth.oldestDueAt]));
      for (const kind of seen) {
        const at = dueAt.get(kind) ?? null;
        this.set({ kind }, at === null ? 0 : Math.max(0, (result.at - at) / 1000));
      }
    },
  });
}

/**
 * trove_disk_free_bytes, trove_disk_size_bytes and trove_disk_reserve_bytes of the disk that
 * holds DATA_DIR, read when Prometheus scrapes. Uploads stop (507) once free falls to the
 * reserve (see [Note: Disk reserve]), so free minus reserve is the room uploads have left.
 * While DATA_DIR cannot be read, free and size are NaN and trove_metrics_source_up{source="disk"} 0.
 */
export function registerDiskCollector(metrics: Metrics, dataDir: string, reserveBytes: number): void {
  const registers = [metrics.registry];
  const scrape = scrapeSource(metrics, 'disk', () => fs.promises.statfs(dataDir));
  new Gauge({
    name: `${METRIC_PREFIX}disk_free_bytes`,
    help: 'Bytes of the file system that holds DATA_DIR available to Trove (as the disk reserve counts them).',
    registers,
    async collect() {
      const stats = await scrape();
      // A gauge without labels always has a value: NaN, never a 0 that reads as a full disk.
      this.set(stats ? stats.bavail * stats.bsize : NaN);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}disk_size_bytes`,
    help: 'Size of the file system that holds DATA_DIR.',
    registers,
    async collect() {
      const stats = await scrape();
      this.set(stats ? stats.blocks * stats.bsize : NaN);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}disk_reserve_bytes`,
    help: 'DISK_RESERVE_MB in bytes: uploads are refused while no more than this is free.',
    registers,
  }).set(reserveBytes);
}

/**
 * trove_bullmq_jobs{state}: the jobs BullMQ holds in Redis (REDIS_URL), read when Prometheus
 * scrapes. One BullMQ queue carries every kind, so there is no kind here: the work items
 * table (trove_queue_depth) says which kinds wait.
 */
export function registerBullmqCollector(
  metrics: Metrics,
  counts: () => Promise<Readonly<Record<string, number>>>,
): void {
  const scrape = scrapeSource(metrics, 'bullmq', counts);
  new Gauge({
    name: `${METRIC_PREFIX}bullmq_jobs`,
    help: 'Jobs in the BullMQ queue by state: waiting, prioritized, active, delayed.',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      const byState = await scrape();
      this.reset();
      for (const [state, n] of Object.entries(byState ?? {})) this.set({ state }, n);
    },
  });
}

/**
 * `read` as a source of gauges: one read shared by the gauges of one scrape (the registry
 * asks every metric at once, so gauges fed by one query see the same moment and the query
 * runs once; settled, the next scrape reads again), undefined when it fails or takes longer
 * than SCRAPE_READ_TIMEOUT_MS. trove_metrics_source_up says which.
 */
function scrapeSource<T>(
  metrics: Metrics,
  name: string,
  read: () => Promise<T>,
): () => Promise<T | undefined> {
  let pending: Promise<T | undefined> | undefined;
  const shared = () =>
    (pending ??= within(read(), SCRAPE_READ_TIMEOUT_MS)
      .catch(() => undefined)
      .finally(() => {
        pending = undefined;
      }));
  metrics.sources.set(name, async () => (await shared()) !== undefined);
  return shared;
}

/** `promise`, or a rejection once `ms` have passed without its answer. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
