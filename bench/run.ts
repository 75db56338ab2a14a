import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArchives } from './archives.ts';
import { benchCluster } from './cluster.ts';
import { benchDataExport } from './data-export.ts';
import { benchIngest } from './ingest.ts';
import { benchReads } from './reads.ts';
import { benchThumbnails } from './thumbnails.ts';
import { benchTimeline } from './timeline.ts';
import { benchWebBundle, describeLazyChunk, describeLoad } from './web-bundle.ts';
import { benchWebTimeline, HEIGHT_CAP_PX } from './web-timeline.ts';

/**
 * `npm run bench`: every figure of issues #3 and #4 measured in one run on this machine,
 * each against its budget in budgets.json. Ratios compare with a baseline measured in the
 * same run (raw disk write, plain sharp), so a slower machine does not fail a fast design.
 * Exits 1 when a budget is missed.
 *
 * BENCH_ONLY=web (or a comma list of ingest, thumbnails, timeline, web, bundle) runs only those
 * parts; the budgets of the others are skipped. Sizes can be lowered for a quick look:
 *   ingest:     BENCH_INGEST_MIB (default 5120)
 *   thumbnails: BENCH_THUMB_IMAGES (12)
 *   timeline:   BENCH_FILES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (10),
 *               BENCH_CHANGES (40) month overviews after a change, on SQLite and on the
 *               PostgreSQL at BENCH_DATABASE_URL (default: this machine's, trust auth),
 *               and seven shares of 500 files on PostgreSQL
 *   reads:      BENCH_READS_FILES (5000) rows, BENCH_READS_CONNECTIONS (50) clients reading
 *               months, pages and thumbnails, BENCH_SECONDS (10) each for trove and the
 *               plain static server
 *   web:        BENCH_WEB_FILES (100000) scale rows for the first thumbnails, fling and
 *               jump figures; BENCH_WEB_MILLION (1000000) rows in a second data folder for
 *               the oldest-month check, 0 to skip it; BENCH_WEB_LOADS (5) cold loads of
 *               /photos whose median is the first-thumbnail figure; BENCH_WEB_DIST an
 *               existing build of the web client (default: a fresh build in a temp folder);
 *               BENCH_WEB_HASH_MIB (256) bytes for the uploader's SHA-1 worker, 0 to skip;
 *               BENCH_WEB_BIG_MONTH (20000) files of one month for the long-task figure, 0 to skip;
 *               BENCH_PROFILE=<file> writes a V8 CPU profile of that month's loading (to find the long task);
 *               CHROMIUM_PATH (/usr/bin/chromium).
 *   bundle:     BENCH_WEB_DIST, CHROMIUM_PATH as for web.
 *   archives:   BENCH_ARCHIVE_MIB (3584: one part at the 3.5 GB limit), BENCH_ARCHIVE_FILES (500)
 *               small files for the time to first byte.
 *   export:     BENCH_EXPORT_MIB (2048) of 8 MiB files and BENCH_EXPORT_SMALL (3000) files of
 *               20 KiB in the account whose data export is requested and downloaded.
 *   cluster:    BENCH_CLUSTER_FILES (200) small JPEGs uploaded through HAProxy to the
 *               multi-node cluster (PostgreSQL, radosgw, Redis, two nodes, two workers),
 *               BENCH_CLUSTER_CONNECTIONS (50) clients reading months, pages and thumbnails
 *               through HAProxy for BENCH_SECONDS (10) with both nodes up, then with node B
 *               stopped (SIGTERM), BENCH_CLUSTER_ROUNDS (3) times; the figures are medians.
 *               Needs haproxy and Ceph radosgw (scripts/ensure-debian-packages.sh).
 */
interface Budget {
  part: Part;
  min?: number;
  max?: number;
  what: string;
}
const PARTS = [
  'ingest',
  'thumbnails',
  'timeline',
  'reads',
  'cluster',
  'web',
  'bundle',
  'archives',
  'export',
] as const;
type Part = (typeof PARTS)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
const budgets = JSON.parse(fs.readFileSync(path.join(here, 'budgets.json'), 'utf8')) as Record<
  string,
  Budget
>;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const unknown = only.filter((part) => !PARTS.some((known) => known === part));
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: no part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  process.exit(2);
}
const runs = (part: Part) => only.length === 0 || only.includes(part);

const figures: Record<string, number> = {};
/** Figures whose measurement was turned off by a size of 0. */
const skipped = new Set<string>();
const notes: string[] = [];
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'never (15 s)');
const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

if (runs('ingest')) {
  const ingestMiB = env('BENCH_INGEST_MIB', 5120);
  console.log(`ingest: uploading ${String(ingestMiB)} MiB through the server…`);
  const ingest = await benchIngest(ingestMiB);
  figures.ingest_vs_raw_write = ingest.multipartMBs / ingest.multipartRawMBs;
  figures.ingest_tus_vs_raw_write = ingest.tusMBs / ingest.tusRawMBs;
  figures.ingest_rss_growth_mb = ingest.rssGrowthMB;
  notes.push(
    `ingest: multipart ${ingest.multipartMBs.toFixed(0)} MB/s (raw write ${ingest.multipartRawMBs.toFixed(0)}), ` +
      `tus ${ingest.tusMBs.toFixed(0)} MB/s (raw write ${ingest.tusRawMBs.toFixed(0)})`,
  );
}

if (runs('archives')) {
  const partMiB = env('BENCH_ARCHIVE_MIB', 3584);
  console.log(
    `archives: a ${String(partMiB)} MiB zip part and a ${String(env('BENCH_ARCHIVE_FILES', 500))}-file archive through the server…`,
  );
  const archives = await benchArchives(partMiB, env('BENCH_ARCHIVE_FILES', 500));
  figures.archive_vs_raw_read = archives.zipVsRaw;
  figures.archive_http_vs_plain_http = archives.httpArchiveMBs / archives.httpPlainMBs;
  figures.archive_rss_growth_mb = archives.rssGrowthMB;
  figures.archive_first_byte_ms = quantile(archives.firstByteMs, 0.5);
  notes.push(
    `archives: ${(archives.partBytes / 1024 / 1024).toFixed(0)} MiB part zipped at ${archives.zipMBs.map((v) => v.toFixed(0)).join(', ')} MB/s ` +
      `(raw reads of the same blobs around them ${archives.rawReadMBs.map((v) => v.toFixed(0)).join(', ')} MB/s); over HTTP ${archives.httpArchiveMBs.toFixed(0)} MB/s ` +
      `(the same files as originals ${archives.httpPlainMBs.toFixed(0)} MB/s); ${String(env('BENCH_ARCHIVE_FILES', 500))}-file archive, ` +
      `POST then GET to the first byte: ${archives.firstByteMs.map(ms).join(', ')}; ` +
      `the first prepare (CRC-32s computed then) took ${ms(archives.firstPrepareMs)}`,
  );
}

if (runs('export')) {
  const mib = env('BENCH_EXPORT_MIB', 2048);
  const small = env('BENCH_EXPORT_SMALL', 3000);
  console.log(
    `export: the data export of an account of ${String(mib)} MiB and ${String(small)} small files…`,
  );
  const exported = await benchDataExport(mib, small);
  figures.export_rss_growth_mb = exported.rssGrowthMB;
  notes.push(
    `export: ${(exported.zipBytes / 1024 / 1024).toFixed(0)} MiB zip of ${String(exported.entries)} entries; ` +
      `the request (manifest frozen, every digest computed from the stored bytes) took ` +
      `${exported.freezeSeconds.toFixed(1)} s; downloaded at ${exported.downloadMBs.toFixed(0)} MB/s`,
  );
}

if (runs('thumbnails')) {
  console.log('thumbnails: 12 MP JPEGs through the media pipeline and through plain sharp…');
  const thumbs = await benchThumbnails(env('BENCH_THUMB_IMAGES', 12));
  figures.thumbs_vs_plain_sharp = thumbs.pipelinePerMinute / thumbs.sharpPerMinute;
  notes.push(
    `thumbnails ${thumbs.pipelinePerMinute.toFixed(0)}/min, plain sharp ${thumbs.sharpPerMinute.toFixed(0)}/min`,
  );
}

if (runs('timeline')) {
  const files = env('BENCH_FILES', 100_000);
  console.log(
    `timeline: ${String(files)} files, autocannon for ${String(env('BENCH_SECONDS', 10))} s per call…`,
  );
  const timeline = await benchTimeline(files, env('BENCH_SECONDS', 10), env('BENCH_CHANGES', 40));
  figures.months_p95_ms = timeline.monthsP95;
  figures.month_page_p95_ms = timeline.pageP95;
  figures.months_after_change_p95_ms = timeline.monthsAfterChangeP95.sqlite;
  figures.months_after_change_pg_p95_ms = timeline.monthsAfterChangeP95.postgres;
  figures.share_500_pg_ms = quantile(timeline.share500PgMs, 0.5);
  notes.push(`a share of 500 files on PostgreSQL: ${timeline.share500PgMs.map(ms).join(', ')}`);
  notes.push(
    `timeline months right after a change (counted afresh, one request at a time, p95 of ${String(timeline.changes)}): ` +
      `SQLite ${ms(timeline.monthsAfterChangeP95.sqlite)}, PostgreSQL ${ms(timeline.monthsAfterChangeP95.postgres)}`,
  );
}

if (runs('reads')) {
  const files = env('BENCH_READS_FILES', 5000);
  const connections = env('BENCH_READS_CONNECTIONS', 50);
  console.log(
    `reads: ${String(connections)} clients reading months, pages and thumbnails of ${String(files)} files, then the same from a plain static server…`,
  );
  const reads = await benchReads(files, connections, env('BENCH_SECONDS', 10));
  figures.reads_vs_static = reads.troveRps / reads.staticRps;
  notes.push(
    `reads: trove ${reads.troveRps.toFixed(0)} reads/s (p50 ${ms(reads.troveP50)}), plain static server ` +
      `${reads.staticRps.toFixed(0)} reads/s (p50 ${ms(reads.staticP50)}), ${String(reads.requests)} paths cycled`,
  );
}

if (runs('cluster')) {
  const files = env('BENCH_CLUSTER_FILES', 200);
  const connections = env('BENCH_CLUSTER_CONNECTIONS', 50);
  const rounds = env('BENCH_CLUSTER_ROUNDS', 3);
  console.log(
    `cluster: ${String(files)} JPEGs through HAProxy to two nodes, then ${String(connections)} clients reading, ` +
      `${String(rounds)} rounds of two nodes then one…`,
  );
  const cluster = await benchCluster(files, connections, env('BENCH_SECONDS', 10), rounds);
  figures.cluster_two_vs_one_rps = quantile(
    cluster.rounds.map((round) => round.twoRps / round.oneRps),
    0.5,
  );
  figures.cluster_two_nodes_p99_ms = quantile(
    cluster.rounds.map((round) => round.twoP99),
    0.5,
  );
  figures.cluster_one_node_p99_ms = quantile(
    cluster.rounds.map((round) => round.oneP99),
    0.5,
  );
  figures.cluster_failed_reads = cluster.rounds.reduce((sum, round) => sum + round.failed, 0);
  notes.push(
    `cluster: ${String(cluster.files)} files uploaded through HAProxy and their media ready in ` +
      `${cluster.ingestSeconds.toFixed(1)} s; ${String(cluster.requests)} paths cycled; load average ` +
      `${cluster.loadBefore.toFixed(1)} before, ${cluster.loadAfter.toFixed(1)} after, on ` +
      `${String(os.availableParallelism())} cores (compare runs at a similar load)`,
    `cluster rounds (two nodes → one: reads/s, p99, nodes' CPU per read): ` +
      cluster.rounds
        .map(
          (round) =>
            `${round.twoRps.toFixed(0)}, ${ms(round.twoP99)}, ${round.twoCpuMs.toFixed(2)} ms → ` +
            `${round.oneRps.toFixed(0)}, ${ms(round.oneP99)}, ${round.oneCpuMs.toFixed(2)} ms ` +
            `(×${(round.twoRps / round.oneRps).toFixed(2)}; node B exited ${round.stopSeconds.toFixed(1)} s after SIGTERM` +
            `${round.failed > 0 ? `; FAILED READS: ${round.failures}` : ''})`,
        )
        .join('; '),
  );
}

if (runs('web')) {
  const files = env('BENCH_WEB_FILES', 100_000);
  const million = env('BENCH_WEB_MILLION', 1_000_000);
  console.log(
    `web: the timeline in Chromium at ${String(files)} files${million > 0 ? ` and at ${String(million)}` : ''}…`,
  );
  const loadBefore = os.loadavg()[0] ?? NaN;
  const web = await benchWebTimeline({
    files,
    million,
    loads: env('BENCH_WEB_LOADS', 5),
    hashMiB: env('BENCH_WEB_HASH_MIB', 256),
    bigMonth: env('BENCH_WEB_BIG_MONTH', 20_000),
  });
  figures.web_first_thumb_ms = quantile(web.firstThumbMs, 0.5);
  figures.web_first_thumb_vs_bare = figures.web_first_thumb_ms / quantile(web.bareFirstThumbMs, 0.5);
  figures.web_fling_frame_median_ms = quantile(web.frameDeltasMs, 0.5);
  figures.web_fling_frame_p95_ms = quantile(web.frameDeltasMs, 0.95);
  figures.web_jump_unblank_worst_ms = Math.max(...web.jumps.map((jump) => jump.blankMs));
  notes.push(
    `web: load average ${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? NaN).toFixed(1)} after, ` +
      `on ${String(os.availableParallelism())} cores (the browser figures are CPU-bound: compare runs at a similar load)`,
    `web: ${String(web.files)} scale rows seeded in ${web.seedSeconds.toFixed(1)} s`,
    `web first thumbnail after a cold load of /photos (new context, HTTP cache off, a change just before; ` +
      `navigation start → first decoded img.tile__image, ` +
      `median of ${String(web.firstThumbMs.length)}): ${web.firstThumbMs.map(ms).join(', ')}`,
    `web bare page making the same requests in the same waves (after the same change): ${web.bareFirstThumbMs.map(ms).join(', ')}`,
    `web fling (fast scroller dragged top to bottom in 1.5 s): ${String(web.frameDeltasMs.length)} frames, ` +
      `rAF delta median ${quantile(web.frameDeltasMs, 0.5).toFixed(1)} ms, ` +
      `p95 ${quantile(web.frameDeltasMs, 0.95).toFixed(1)} ms, max ${Math.max(...web.frameDeltasMs).toFixed(1)} ms`,
    `web jumps (click on the scroller → no blank tile in the viewport; → every thumbnail there; the figure is the worst): ` +
      web.jumps
        .map((jump) => `${String(jump.at * 100)} % ${ms(jump.blankMs)} / ${ms(jump.thumbsMs)}`)
        .join(', '),
  );
  if (web.million) {
    const big = web.million;
    figures.web_million_oldest_reachable = big.reachable ? 1 : 0;
    notes.push(
      `web: ${String(big.files)} scale rows seeded in ${big.seedSeconds.toFixed(1)} s`,
      `web at ${String(big.files)}: End on the scroller → last section.month in the DOM ${String(big.lastInDom)}, ` +
        `oldest month listed ${String(big.oldest)} (${big.lastInDom === big.oldest ? 'same' : 'DIFFERENT'}); ` +
        `it is ${big.lastVisible ? 'in' : 'NOT in'} the viewport, its tiles unblank after ${ms(big.loadedMs)}; ` +
        `document height ${String(big.documentHeight)} px (cap ${String(HEIGHT_CAP_PX)}); before End the ` +
        `newest month started ${big.firstMonthShiftPx.toFixed(0)} px below the top of the grid (0 expected)`,
    );
  } else {
    skipped.add('web_million_oldest_reachable');
  }
  // Issue #4 §5 hashing throughput: the uploader SHA-1 worker as built
  // (budget in budgets.json: issue #4 asks ≥ 300 MB/s).
  if (web.hash) {
    figures.web_hash_mb_s = web.hash.mbPerSecond;
    figures.web_hash_photos_mb_s = web.hash.photosMbPerSecond;
    figures.web_hash_vs_read = web.hash.mbPerSecond / web.hash.readMbPerSecond;
    figures.web_hash_photos_vs_read = web.hash.photosMbPerSecond / web.hash.photosReadMbPerSecond;
    notes.push(
      `web hashing ceiling, a worker reading the same blobs without hashing: the big blob streamed at ` +
        `${web.hash.readMbPerSecond.toFixed(0)} MB/s, the photos whole at ${web.hash.photosReadMbPerSecond.toFixed(0)} MB/s`,
    );
    notes.push(
      `web hashing, 128 MiB of the same bytes as 8 MiB photos queued at once to the uploader's ${String(web.hash.width)} workers: ${web.hash.photosMbPerSecond.toFixed(0)} MB/s`,
    );
    notes.push(
      `web hashing: the uploader's sha1.worker on a ${String(web.hash.mib)} MiB in-memory blob, answer checked: ` +
        `${web.hash.mbPerSecond.toFixed(0)} MB/s from post to answer, ` +
        `${web.hash.workerMbPerSecond.toFixed(0)} MB/s by the worker clock; ` +
        (web.hash.wasmAllowed
          ? 'WebAssembly allowed'
          : "the server's Content-Security-Policy has no 'wasm-unsafe-eval', so hash-wasm cannot " +
            'compile and the worker uses its plain-JS SHA-1'),
    );
  } else {
    notes.push('web hashing: no figure (the build has no sha1.worker, or BENCH_WEB_HASH_MIB=0)');
  }
  if (web.bigMonth) {
    figures.web_big_month_longest_task_ms = web.bigMonth.longestTaskMs;
    notes.push(
      `web big month: End on the scroller to a month of ${String(web.bigMonth.files)} files, all loaded after ` +
        `${web.bigMonth.loadedMs.toFixed(0)} ms; ${String(web.bigMonth.longTasks)} tasks over 50 ms, the longest ` +
        `${web.bigMonth.longestTaskMs.toFixed(0)} ms (${String(web.bigMonth.pageLongTasks)} since the page opened)`,
    );
  } else {
    skipped.add('web_big_month_longest_task_ms');
  }
}

if (runs('bundle')) {
  console.log('bundle: cold loads of /photos, /settings and /tv in Chromium, the scripts they fetch…');
  const { loads, lazyChunks } = await benchWebBundle();
  figures.web_photos_first_load_js_kib = (loads[0]?.gzipBytes ?? NaN) / 1024;
  notes.push(...loads.map(describeLoad));
  // Reported, with no budget: a lazy chunk's size moves with its library's releases.
  notes.push(...lazyChunks.map(describeLazyChunk));
}

let failed = 0;
console.log('\nfigure                         value      budget   ok');
for (const [name, budget] of Object.entries(budgets)) {
  if (!runs(budget.part)) continue;
  if (skipped.has(name)) {
    console.log(`${name.padEnd(30)}  skipped (its size is 0)`);
    continue;
  }
  const value = figures[name];
  const ok =
    value !== undefined &&
    (budget.min === undefined || value >= budget.min) &&
    (budget.max === undefined || value <= budget.max);
  if (!ok) failed += 1;
  const limit = budget.min !== undefined ? `>= ${String(budget.min)}` : `<= ${String(budget.max)}`;
  console.log(
    `${name.padEnd(30)} ${(value ?? NaN).toFixed(2).padStart(8)}   ${limit.padEnd(8)} ${ok ? 'yes' : 'NO'}   (${budget.what})`,
  );
}
for (const note of notes) console.log(note);
process.exit(failed > 0 ? 1 : 0);
