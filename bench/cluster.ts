import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import {
  overHttp,
  startCluster,
  type Cluster,
  type Member,
} from '../apps/server/src/cluster/cluster.test-support.ts';
import { signUp, type Session } from '../apps/server/src/test/harness.ts';
import { cpuSecondsOf } from './lib/server.ts';

/*
 * Issue #26 "two nodes": the read mix of reads.ts (month overviews, first pages, the
 * thumbnails those pages name) through HAProxy in front of the multi-node cluster
 * ([Note: The multi-node test]: PostgreSQL, radosgw, Redis, two `trove serve`, two
 * `trove worker`), first with both nodes up, then with node B stopped. With a core per
 * process the ratio approaches 2; on a machine where they all share two cores it stays
 * under 1 (bench/README.md), and what it must not do is collapse, which would mean the
 * nodes wait on something they share (a lock in the database, a pool, the bucket, Redis,
 * the balancer) rather than each adding capacity.
 */

/** One round: the same mix with both nodes up, then right after with node B stopped. */
export interface ClusterRound {
  twoRps: number;
  twoP99: number;
  oneRps: number;
  oneP99: number;
  /**
   * CPU time the nodes spent per read (ms, both nodes together in the first figure): the
   * cost of the path itself, which the machine's other load disturbs far less than reads/s.
   */
  twoCpuMs: number;
  oneCpuMs: number;
  /** Reads that failed (warm-ups included), and how: every read must succeed. */
  failed: number;
  failures: string;
  /** Seconds from SIGTERM to node B's exit (it waits for the balancer's idle connections). */
  stopSeconds: number;
}

export interface ClusterResult {
  rounds: ClusterRound[];
  /** How many distinct requests the mix cycles through. */
  requests: number;
  files: number;
  /** Seconds from the first upload to every file's media ready. */
  ingestSeconds: number;
  /** One-minute load average before the first round and after the last. */
  loadBefore: number;
  loadAfter: number;
}

/** Thumbnails per page read, as a screen of tiles asks for them (as in reads.ts). */
const THUMBS_PER_PAGE = 20;
/** Months the uploads spread over, so the overview and pages are a timeline's, not one month's. */
const MONTHS = 10;
/** Uploads in flight at once, as a phone's uploader sends them. */
const UPLOADERS = 4;
/**
 * HAProxy checks each node every 500 ms, marks it down after 2 failures and up after 2
 * successes (`inter 500ms fall 2 rise 2`, deploy/haproxy.cfg). B closes its port at
 * SIGTERM, before it exits, so checks fail at once and it is down about 1 s later: this
 * long after its exit, no read of the one-node measurement pays a refused connection and a
 * retry; and this long after B is ready again, it has its share of the two-node one.
 */
const HEALTH_SETTLES_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real JPEG of random pixels: unique, decodable, small (as cluster.test.ts makes them). */
const noiseJpeg = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();

/** A call as `session` to `base`, with the client parameters and token. */
function caller(base: string, session: Session) {
  return (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${base}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
      ...init,
      headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
    });
}

/** Uploads `files` JPEGs through the load balancer, their mtimes spread over MONTHS months. */
async function upload(call: ReturnType<typeof caller>, job: string, files: number): Promise<void> {
  const monthS = 31 * 86_400;
  // Mid-2025 backwards: fixed, so every run reads the same shape of timeline.
  const newest = Date.UTC(2025, 6, 15) / 1000;
  let next = 0;
  const uploader = async () => {
    for (let index = next++; index < files; index = next++) {
      const content = await noiseJpeg(256 + (index % 5) * 64);
      const form = new FormData();
      form.set('path', `bench/${String(index)}-${randomBytes(4).toString('hex')}.jpg`);
      form.set('mtime', String(newest - (index % MONTHS) * monthS - index * 60));
      form.set('file', new Blob([content]), 'bench.jpg');
      const response = await call(`/st/4/jobs/${job}/upload`, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`upload ${String(index)}: HTTP ${String(response.status)}`);
      await response.body?.cancel();
    }
  };
  await Promise.all(Array.from({ length: UPLOADERS }, uploader));
}

/** Waits until no file of the cluster's database waits for its media (the workers made them). */
async function mediaReady(cluster: Cluster, files: number): Promise<void> {
  const db = cluster.database.handle.db;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const rows = await db.selectFrom('files').select('media_status').execute();
    const pending = rows.filter((row) => row.media_status === 'pending').length;
    if (rows.length >= files && pending === 0) {
      const failed = rows.filter((row) => row.media_status !== 'ready').length;
      if (failed > 0) throw new Error(`${String(failed)} files' media did not become ready`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`media of ${String(pending)} files still pending after 300 s`);
    await sleep(500);
  }
}

interface Page {
  files: { thumb_url_small: string | null }[];
}

/**
 * The paths of the mix: every month's overview, a first page of each month, and the
 * thumbnails each page names (signed URLs, the same for every reader of this account).
 */
async function readMix(call: ReturnType<typeof caller>, job: string, session: Session): Promise<string[]> {
  const json = async <T>(p: string): Promise<T> => {
    const response = await call(p);
    if (!response.ok) throw new Error(`${p}: HTTP ${String(response.status)}`);
    return (await response.json()) as T;
  };
  const months = await json<{ months: { start: number; end: number; pictures: number }[] }>(
    `/st/4/jobs/${job}/timeline/months`,
  );
  const mix: string[] = [];
  for (const month of months.months) {
    const pagePath = `/st/4/jobs/${job}/files?start=${String(month.start)}&end=${String(month.end)}&limit=100`;
    const page = await json<Page>(pagePath);
    mix.push(`/st/4/jobs/${job}/timeline/months?${session.query}`);
    mix.push(`${pagePath}&${session.query}`);
    for (const file of page.files.slice(0, THUMBS_PER_PAGE)) {
      if (file.thumb_url_small === null) throw new Error('a file without a thumbnail after media ready');
      // The URL names the app host (the balancer); autocannon wants the path.
      mix.push(file.thumb_url_small.replace(/^https?:\/\/[^/]+/, ''));
    }
  }
  return mix;
}

interface Measured {
  /** Successful reads (2xx) per second: HAProxy's quick 503s are not throughput. */
  rps: number;
  p99: number;
  /** Answers other than 2xx, errors and timeouts. */
  failed: number;
  /** What they were, e.g. "503 × 18, 2 errors". */
  failures: string;
}

/** Reads per second and p99 latency of `paths` through `url`, cycled by `connections` clients. */
async function load(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })),
  });
  const failures = [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, stat]) => `${status} × ${String(stat.count ?? 0)}`),
    ...(result.errors > 0 ? [`${String(result.errors)} errors`] : []),
    ...(result.timeouts > 0 ? [`${String(result.timeouts)} timeouts`] : []),
  ];
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    failures: failures.join(', '),
  };
}

/**
 * `rounds` rounds of two nodes then one, each measurement `seconds` long: the machine's other
 * load drifts, and the two measurements of a round are as close in time as they can be.
 */
export async function benchCluster(
  files: number,
  connections: number,
  seconds: number,
  rounds: number,
): Promise<ClusterResult> {
  const cluster = await startCluster();
  // Ctrl-C must not leave radosgw (a daemon of its own) or the test database behind.
  const interrupted = () => {
    void cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  try {
    const session = await signUp(overHttp(cluster.lb));
    const call = caller(cluster.lb, session);
    const job = ((await (await call('/st/4/jobs/default')).json()) as { id: string }).id;
    const ingestStarted = performance.now();
    await upload(call, job, files);
    await mediaReady(cluster, files);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const mix = await readMix(call, job, session);

    const measure = async (nodes: readonly Member[]) => {
      // A short warm-up first, so no figure pays for new connections or cold caches (after
      // a change of nodes HAProxy opens new connections to the ones that are up).
      const warm = await load(cluster.lb, mix, session.headers, connections, 2);
      const nodesCpu = () =>
        nodes.reduce((sum, node) => {
          const seconds = cpuSecondsOf(node.pid());
          if (seconds === undefined) throw new Error(`${node.name} is not running:\n${node.output()}`);
          return sum + seconds;
        }, 0);
      const cpuBefore = nodesCpu();
      const measured = await load(cluster.lb, mix, session.headers, connections, seconds);
      const cpuMs = ((nodesCpu() - cpuBefore) * 1000) / (measured.rps * seconds);
      const failed = warm.failed + measured.failed;
      // What the nodes logged (LOG_LEVEL=error) may say why; the data folder warning is not it.
      const logged = cluster.nodes
        .flatMap((node) => node.output().split('\n'))
        .filter((line) => line.trim() !== '' && !line.startsWith('warning: DATA_DIR'))
        .slice(-3);
      const failures =
        failed === 0 ? '' : [warm.failures, measured.failures, ...logged].filter(Boolean).join('; ');
      return { rps: measured.rps, p99: measured.p99, cpuMs, failed, failures };
    };
    const loadBefore = os.loadavg()[0] ?? NaN;
    const results: ClusterRound[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round > 0) {
        await cluster.nodes[1].start();
        await sleep(HEALTH_SETTLES_MS);
      }
      const two = await measure(cluster.nodes);
      const stopping = performance.now();
      await cluster.nodes[1].kill('SIGTERM');
      const stopSeconds = (performance.now() - stopping) / 1000;
      await sleep(HEALTH_SETTLES_MS);
      const one = await measure([cluster.nodes[0]]);
      results.push({
        twoRps: two.rps,
        twoP99: two.p99,
        oneRps: one.rps,
        oneP99: one.p99,
        twoCpuMs: two.cpuMs,
        oneCpuMs: one.cpuMs,
        failed: two.failed + one.failed,
        failures: [two.failures, one.failures].filter(Boolean).join('; '),
        stopSeconds,
      });
    }
    return {
      rounds: results,
      requests: mix.length,
      files,
      ingestSeconds,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? NaN,
    };
  } finally {
    process.removeListener('SIGINT', interrupted);
    await cluster.stop();
  }
}
