import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchIngest } from './ingest.ts';
import { benchThumbnails } from './thumbnails.ts';
import { benchTimeline } from './timeline.ts';

/**
 * `npm run bench`: every figure of issue #3 measured in one run on this machine, each
 * against its budget in budgets.json. Ratios compare with a baseline measured in the same
 * run (raw disk write, plain sharp), so a slower machine does not fail a fast design.
 * Exits 1 when a budget is missed. Sizes can be lowered for a quick look:
 * BENCH_INGEST_MIB (default 5120), BENCH_FILES (100000), BENCH_SECONDS (10).
 */
interface Budget {
  min?: number;
  max?: number;
  what: string;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const budgets = JSON.parse(fs.readFileSync(path.join(here, 'budgets.json'), 'utf8')) as Record<
  string,
  Budget
>;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const figures: Record<string, number> = {};
const notes: string[] = [];

const ingestMiB = env('BENCH_INGEST_MIB', 5120);
console.log(`ingest: uploading ${String(ingestMiB)} MiB through the server…`);
const ingest = await benchIngest(ingestMiB);
figures.ingest_vs_raw_write = ingest.ingestMBs / ingest.rawMBs;
figures.ingest_rss_growth_mb = ingest.rssGrowthMB;
notes.push(`ingest ${ingest.ingestMBs.toFixed(0)} MB/s, raw write ${ingest.rawMBs.toFixed(0)} MB/s`);

console.log('thumbnails: 12 MP JPEGs through the media pipeline and through plain sharp…');
const thumbs = await benchThumbnails(env('BENCH_THUMB_IMAGES', 12));
figures.thumbs_vs_plain_sharp = thumbs.pipelinePerMinute / thumbs.sharpPerMinute;
notes.push(
  `thumbnails ${thumbs.pipelinePerMinute.toFixed(0)}/min, plain sharp ${thumbs.sharpPerMinute.toFixed(0)}/min`,
);

const files = env('BENCH_FILES', 100_000);
console.log(
  `timeline: ${String(files)} files, autocannon for ${String(env('BENCH_SECONDS', 10))} s per call…`,
);
const timeline = await benchTimeline(files, env('BENCH_SECONDS', 10));
figures.months_p95_ms = timeline.monthsP95;
figures.month_page_p95_ms = timeline.pageP95;

let failed = 0;
console.log('\nfigure                     value      budget   ok');
for (const [name, budget] of Object.entries(budgets)) {
  const value = figures[name];
  const ok =
    value !== undefined &&
    (budget.min === undefined || value >= budget.min) &&
    (budget.max === undefined || value <= budget.max);
  if (!ok) failed += 1;
  const limit = budget.min !== undefined ? `>= ${String(budget.min)}` : `<= ${String(budget.max)}`;
  console.log(
    `${name.padEnd(26)} ${(value ?? NaN).toFixed(2).padStart(8)}   ${limit.padEnd(8)} ${ok ? 'yes' : 'NO'}   (${budget.what})`,
  );
}
for (const note of notes) console.log(note);
process.exit(failed > 0 ? 1 : 0);
