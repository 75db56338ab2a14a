import type { Readable } from 'node:stream';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { countBytes } from './byte-counter.ts';

/**
 * [Note: Metrics] One registry per process (`trove serve`, `trove worker`), read by
 * Prometheus from a listener of its own (METRICS_PORT, metrics-listener.ts), never from the
 * public port. Counting is kept off the hot paths: one histogram observation per request (an
 * onResponse hook), one counter step per small media body or per 4 MiB of a large one (see
 * byte-counter.ts), one per upload, rendition and work item. What the database, the disk
 * and Redis hold (queue depth, free bytes, BullMQ's jobs) is read only when Prometheus
 * scrapes (collectors.ts). Labels take values from small fixed sets (route patterns, never
 * URLs; kinds named in code), so a series per photo can never appear. docs/METRICS.md lists
 * every metric.
 */
export const METRIC_PREFIX = 'trove_';

const SERVED_VARIANTS = ['original', 'jpeg', 'thumbnail', 'video'] as const;
/** What media answers are counted as: the original (or its JPEG), a thumbnail, a preview video. */
export type ServedVariant = (typeof SERVED_VARIANTS)[number];

/** Serving media (modules/media): the bytes of each body of `length` bytes, as they go out. */
export interface MediaMeter {
  served(variant: ServedVariant, body: Readable, length: number): Readable;
}

const ARCHIVE_KINDS = ['album', 'trash', 'export'] as const;
/** The zips of spec 000 §7 (album, trash) and the data export of spec 001 §7. */
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** Archives (modules/archives): prepared (album and trash zips), and their bytes as they go out. */
export interface ArchiveMeter {
  prepared(kind: 'album' | 'trash'): void;
  streamed(kind: ArchiveKind, body: Readable, length: number): Readable;
}

/** Uploads whose bytes arrived and passed every check: a new file, or one the job already had. */
export interface UploadMeter {
  accepted(result: 'added' | 'duplicate', bytes: number): void;
}

/** The media worker (modules/media/media.worker.ts): each rendition it stores. */
export interface RenditionMeter {
  made(kind: string): void;
}

/** The worker's items (worker.ts): each run of a handler, with how it ended. */
export interface WorkMeter {
  ran(kind: string, outcome: 'done' | 'failed', seconds: number): void;
}

/** Rendition kinds media-tools.ts makes; anything else is counted as `other`. */
const RENDITION_KINDS: ReadonlySet<string> = new Set(['thumb256', 'thumb1280', 'preview', 'jpeg']);

/** Seconds: 5 ms to 5 minutes, since long polls wait 30 s and downloads stream for minutes. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Seconds: a thumbnail takes about 0.1 s, a long video's transcode many minutes. */
const WORK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** A process's metrics: the registry the listener serves and the meters the code counts with. */
export interface TroveMetrics {
  registry: Registry;
  /** Request durations by method, route pattern and status class (http-metrics.ts). */
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  /**
   * What the scrape-time gauges read (queue: the database, disk, bullmq: Redis), each a read
   * shared by one scrape's gauges that answers whether it worked (collectors.ts).
   */
  sources: Map<string, () => Promise<boolean>>;
  media: MediaMeter;
  archives: ArchiveMeter;
  uploads: UploadMeter;
  renditions: RenditionMeter;
  work: WorkMeter;
}

/**
 * A fresh registry with Trove's meters. `processMetrics`: also prom-client's default process
 * and Node.js metrics (CPU, memory, event loop lag, GC), prefixed `trove_`; only for a process
 * that exposes them, since they observe the event loop and the GC.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): TroveMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from a request to the last byte of its answer, by method, route pattern (unmatched: no route) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const mediaBytes = new Counter({
    name: `${METRIC_PREFIX}media_served_bytes_total`,
    help: 'Bytes of media bodies sent: original, jpeg (of a HEIC), thumbnail, video (preview).',
    labelNames: ['variant'] as const,
    registers,
  });
  const archivesPrepared = new Counter({
    name: `${METRIC_PREFIX}archives_prepared_total`,
    help: 'Zip archives prepared for download (laid out and signed; asked again, again): album, trash.',
    labelNames: ['kind'] as const,
    registers,
  });
  const archiveBytes = new Counter({
    name: `${METRIC_PREFIX}archive_bytes_total`,
    help: 'Bytes of zip archives sent: album, trash, export (data access).',
    labelNames: ['kind'] as const,
    registers,
  });
  const uploadFiles = new Counter({
    name: `${METRIC_PREFIX}upload_files_total`,
    help: 'Uploads accepted: added (a new file) or duplicate (the job already had the content).',
    labelNames: ['result'] as const,
    registers,
  });
  const uploadBytes = new Counter({
    name: `${METRIC_PREFIX}upload_bytes_total`,
    help: 'Bytes of accepted uploads: added or duplicate (received, then dropped).',
    labelNames: ['result'] as const,
    registers,
  });
  const renditions = new Counter({
    name: `${METRIC_PREFIX}media_renditions_total`,
    help: 'Renditions the media worker stored: thumb256, thumb1280 (thumbnails), preview (video transcodes), jpeg (of a HEIC).',
    labelNames: ['kind'] as const,
    registers,
  });
  const workDuration = new Histogram({
    name: `${METRIC_PREFIX}work_item_duration_seconds`,
    help: 'Runs of work items by kind and outcome (done, failed: to be retried or given up).',
    labelNames: ['kind', 'outcome'] as const,
    buckets: WORK_BUCKETS,
    registers,
  });
  const sources = new Map<string, () => Promise<boolean>>();
  new Gauge({
    name: `${METRIC_PREFIX}metrics_source_up`,
    help: 'Whether this scrape could read a source of gauges (1) or not (0, its gauges left out): queue (the database), disk (DATA_DIR), bullmq (Redis).',
    labelNames: ['source'] as const,
    registers,
    async collect() {
      const up = await Promise.all(
        [...sources].map(async ([source, read]) => [source, await read()] as const),
      );
      this.reset();
      for (const [source, ok] of up) this.set({ source }, ok ? 1 : 0);
    },
  });

  const addMediaBytes = adders(mediaBytes, SERVED_VARIANTS);
  const addArchiveBytes = adders(archiveBytes, ARCHIVE_KINDS);
  return {
    registry,
    httpDuration,
    sources,
    media: {
      served: (variant, body, length) => countBytes(body, length, addMediaBytes[variant]),
    },
    archives: {
      prepared: (kind) => {
        archivesPrepared.inc({ kind });
      },
      streamed: (kind, body, length) => countBytes(body, length, addArchiveBytes[kind]),
    },
    uploads: {
      accepted: (result, bytes) => {
        uploadFiles.inc({ result });
        uploadBytes.inc({ result }, bytes);
      },
    },
    renditions: {
      made: (kind) => {
        renditions.inc({ kind: RENDITION_KINDS.has(kind) ? kind : 'other' });
      },
    },
    work: {
      ran: (kind, outcome, seconds) => {
        workDuration.observe({ kind, outcome }, seconds);
      },
    },
  };
}

/** One adder per value of a one-label counter, made once: counting a body allocates nothing. */
function adders<Value extends string>(
  counter: Counter,
  values: readonly Value[],
): Record<Value, (bytes: number) => void> {
  const made = {} as Record<Value, (bytes: number) => void>;
  for (const value of values) {
    const child = counter.labels(value);
    made[value] = (bytes) => {
      child.inc(bytes);
    };
  }
  return made;
}
