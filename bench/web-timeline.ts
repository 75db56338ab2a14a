import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { seedDemo, seedRows } from '../apps/server/src/seed/seed.ts';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import {
  buildWebClient,
  launchChromium,
  movedTo,
  sessionOf,
  signInThroughUi,
  type StorageState,
} from './lib/browser.ts';
import { makeDataDir, removeDataDir } from './lib/server.ts';
import { EMAIL, VIEWPORT, withSeedDeps } from './lib/web-seed.ts';
import { bareLoad, recordRequests, waves, type RecordedRequest } from './web-bare.ts';
import { bigMonth, type BigMonthResult } from './web-big-month.ts';
import { hashThroughput, type HashResult } from './web-hash.ts';

/**
 * Issue #4 §5: the web timeline measured in Debian's Chromium against a real `trove serve`
 * (SQLite, the built client), on libraries made by `trove seed` (its thumbnails made by the
 * real worker) and `trove seed --files N`, signed in once through the UI:
 *  1. cold load of /photos → first `img.tile__image` complete with pixels (median of loads);
 *  2. requestAnimationFrame deltas while the fast scroller is dragged top to bottom;
 *  3. scroller jumps → no `.tile--blank` left in the viewport (a tile showing its thumbhash
 *     is not blank; the worst jump is the figure);
 *  4. at a million rows (a second data folder), End on the scroller: the last section in
 *     the DOM is the oldest month listed by timeline/months, it is in the viewport, and the
 *     document stays under the browsers' height cap;
 *  5. the uploader's SHA-1 worker as built (no budget yet).
 * Every figure is taken in the page (performance.now / requestAnimationFrame), so the
 * time Playwright needs to talk to the browser is not in it.
 */

/** Chromium's largest layout size (LayoutUnit: 2^31 / 64 px); Firefox's is lower still. */
export const HEIGHT_CAP_PX = 33_554_432;
/** Where the fast scroller jumps to, as fractions of its track. */
const JUMPS = [0.25, 0.5, 0.75, 0.1, 0.9];
/** The fling: top to bottom of the scroller in this long. */
const FLING_MS = 1500;

export interface JumpResult {
  at: number;
  /** From the pointerdown on the scroller until no blank tile intersects the viewport. */
  blankMs: number;
  /** Until every tile in the viewport also shows its thumbnail (a note, not a budget). */
  thumbsMs: number;
}

export interface MillionResult {
  files: number;
  seedSeconds: number;
  /** data-month of the oldest month the server lists, and of the last section in the DOM. */
  oldest: number;
  lastInDom: number | undefined;
  lastVisible: boolean;
  documentHeight: number;
  /** Before End: how far below the top of the grid the newest month starts (0 expected). */
  firstMonthShiftPx: number;
  /** From End on the scroller until the oldest month's tiles in the viewport are not blank. */
  loadedMs: number;
  reachable: boolean;
}

export interface WebTimelineResult {
  files: number;
  seedSeconds: number;
  firstThumbMs: number[];
  /** The same loads' requests made by a bare page (web-bare.ts), each right after its app load. */
  bareFirstThumbMs: number[];
  frameDeltasMs: number[];
  jumps: JumpResult[];
  million?: MillionResult;
  /** Undefined when the build has no SHA-1 worker (yet). */
  hash?: HashResult;
  bigMonth?: BigMonthResult;
}

/** The bench's state on `window` in the page. */
interface Probe {
  firstThumb?: number;
  frames?: { deltas: number[]; running: boolean };
  jump?: Promise<{ blankMs: number; thumbsMs: number }>;
}
type ProbeWindow = Window & { __troveBench?: Probe };

/** The plain `trove seed` library, its thumbnails made by a real worker, one UI sign-in. */
async function prepareDemo(browser: Browser, dataDir: string, webDist: string): Promise<StorageState> {
  const demo = await withSeedDeps(dataDir, (deps) => seedDemo(deps, { email: EMAIL, photos: 12, videos: 2 }));
  if (!demo.password) throw new Error('the bench account existed already');
  const server = await startServerProcess(dataDir, { WEB_DIST: webDist });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await signInThroughUi(page, server.url, EMAIL, demo.password);
    const state = await context.storageState();
    await context.close();
    // Scale rows copy these files' rows, so they must have their thumbnails first (and the
    // worker's EXIF taken time, which it writes to every row of a blob).
    const api = apiOf(server, state);
    const job = ((await api('/st/4/jobs/default')) as { id: string }).id;
    const deadline = Date.now() + 180_000;
    for (;;) {
      const list = (await api(`/st/4/jobs/${job}/files?limit=500`)) as { files: { media_status: string }[] };
      if (list.files.every((file) => file.media_status !== 'pending')) break;
      if (Date.now() > deadline) throw new Error('the worker did not make the demo thumbnails in 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return state;
  } finally {
    await server.stop();
  }
}

/** `trove seed --files N`, timed. */
async function addRows(dataDir: string, files: number): Promise<number> {
  const started = performance.now();
  await withSeedDeps(dataDir, (deps) => seedRows(deps, { email: EMAIL, files }));
  return (performance.now() - started) / 1000;
}

/** A GET on the app host as the signed-in browser. */
function apiOf(server: ServerProcess, state: StorageState) {
  const session = sessionOf(state);
  return async (pathAndQuery: string): Promise<unknown> => {
    const url = `${server.url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`;
    const response = await fetch(url, { headers: session.headers });
    if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${String(response.status)}`);
    return response.json();
  };
}

/** Page side: from the start of navigation, the first frame with a decoded thumbnail. */
function probeFirstThumbnail() {
  const probe: Probe = {};
  (window as ProbeWindow).__troveBench = probe;
  const look = () => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img.tile__image')) {
      if (image.complete && image.naturalWidth > 0) {
        probe.firstThumb = performance.now();
        return;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * 1. Cold loads of /photos, each in a new context already signed in, with the HTTP cache
 * turned off (DevTools' "Disable cache": nothing, not even the app's scripts, comes from a
 * cache). Before each load a file of the library goes to the trash and back, as after an
 * upload from another device: the server holds no month overview for this library then.
 */
async function firstThumbnails(browser: Browser, url: string, state: StorageState, loads: number) {
  const session = sessionOf(state);
  const api = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${url}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`, {
      ...init,
      headers: { ...session.headers, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
    });
  const job = ((await (await api('/st/4/jobs/default')).json()) as { id: string }).id;
  const file = ((await (await api(`/st/4/jobs/${job}/files?limit=1`)).json()) as { files: { id: string }[] })
    .files[0]?.id;
  if (!file) throw new Error('the bench library has no file');
  const times: number[] = [];
  const bareTimes: number[] = [];
  const change = async () => {
    const trashed = await api(`/st/4/jobs/${job}/files_by_id/${file}`, { method: 'DELETE' });
    const restored = await api(`/st/4/jobs/${job}/multi_rollback`, {
      method: 'POST',
      body: JSON.stringify({ file_uuids: [file] }),
    });
    if (!trashed.ok || !restored.ok) throw new Error('the change before a cold load failed');
  };
  for (let run = 0; run < loads; run++) {
    await change();
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
    let requestWaves: RecordedRequest[][];
    try {
      await context.addInitScript(probeFirstThumbnail);
      const page = await context.newPage();
      const requests = recordRequests(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto(`${url}/photos`, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as ProbeWindow).__troveBench?.firstThumb !== undefined, null, {
        timeout: 30_000,
        polling: 50,
      });
      const firstThumb = await page.evaluate(() => (window as ProbeWindow).__troveBench?.firstThumb ?? NaN);
      times.push(firstThumb);
      requestWaves = waves(await requests.until(firstThumb));
      if (process.env.BENCH_WEB_WATERFALL === '1') console.log(await waterfall(page));
    } finally {
      await context.close();
    }
    // The same requests from a bare page, after the same change (no overview cached).
    await change();
    bareTimes.push(await bareLoad(browser, `${url}/photos`, state, requestWaves));
    if (process.env.BENCH_WEB_WATERFALL === '1') {
      console.log(
        `bare page: ${String(requestWaves.length)} waves of ${requestWaves.map((wave) => wave.length).join(', ')} requests`,
      );
    }
  }
  return { times, bareTimes };
}

/** What a cold load fetched until its first thumbnail, for BENCH_WEB_WATERFALL=1. */
async function waterfall(page: Page): Promise<string> {
  const rows = await page.evaluate(() => {
    const first = (window as ProbeWindow).__troveBench?.firstThumb ?? Infinity;
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return [
      ...(navigation ? [{ name: 'document', start: 0, end: navigation.responseEnd }] : []),
      ...(navigation
        ? [{ name: 'DOMContentLoaded', start: 0, end: navigation.domContentLoadedEventEnd }]
        : []),
      ...entries
        .filter((entry) => entry.startTime <= first)
        .map((entry) => ({
          name: new URL(entry.name).pathname,
          start: entry.startTime,
          end: entry.responseEnd,
        })),
      { name: 'first thumbnail shown', start: first, end: first },
    ];
  });
  return rows
    .map((row) => `${row.start.toFixed(0).padStart(6)} → ${row.end.toFixed(0).padStart(6)} ms  ${row.name}`)
    .join('\n');
}

/** Page side: every requestAnimationFrame delta (frame start times) until stopped. */
function recordFrames() {
  const frames = { deltas: [] as number[], running: true };
  const probe = ((window as ProbeWindow).__troveBench ??= {});
  probe.frames = frames;
  let last: number | undefined;
  const tick = (at: number) => {
    // Rounded to the clock's 0.1 ms: 1234.5 - 1217.8 must read 16.7, not 16.700000000000045.
    if (last !== undefined) frames.deltas.push(Math.round((at - last) * 10) / 10);
    last = at;
    if (frames.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function scrollerTrack(page: Page) {
  const box = await page.locator('.fast-scroller').boundingBox();
  if (!box) throw new Error('no fast scroller on the page');
  return { x: box.x + box.width / 2, top: box.y + 1, height: box.height - 2 };
}

/** 2. Frame times while the fast scroller is dragged from top to bottom in FLING_MS. */
async function fling(page: Page): Promise<number[]> {
  const track = await scrollerTrack(page);
  await page.mouse.move(track.x, track.top);
  await page.evaluate(recordFrames);
  await page.mouse.down();
  const started = Date.now();
  for (;;) {
    const done = Math.min(1, (Date.now() - started) / FLING_MS);
    await page.mouse.move(track.x, track.top + done * track.height);
    if (done === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 8));
  }
  await page.mouse.up();
  return page.evaluate(() => {
    const frames = (window as ProbeWindow).__troveBench?.frames;
    if (!frames) return [];
    frames.running = false;
    return frames.deltas;
  });
}

/**
 * Page side: arms a probe on the next `trigger` event (the jump). It resolves with the time
 * from the jump to the first frame where tiles cover the viewport and none is blank (a tile
 * showing its thumbhash is not blank), and to the first where every one has its thumbnail.
 */
function armJumpProbe(trigger: string) {
  const probe = ((window as ProbeWindow).__troveBench ??= {});
  probe.jump = new Promise((resolve) => {
    window.addEventListener(
      trigger,
      () => {
        const jumpedAt = performance.now();
        let blankMs: number | undefined;
        const look = () => {
          const now = performance.now();
          let shown = 0;
          let blank = 0;
          let waiting = 0;
          for (const cell of document.querySelectorAll('.grid-cell')) {
            const rect = cell.getBoundingClientRect();
            if (rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
            if (rect.right <= 0 || rect.left >= window.innerWidth) continue;
            shown += 1;
            if (cell.querySelector('.tile--blank')) blank += 1;
            const image = cell.querySelector<HTMLImageElement>('img.tile__image');
            if (!image?.complete || image.naturalWidth === 0) waiting += 1;
          }
          // No cell at all is the frame before the grid rendered the new position.
          if (shown > 0 && blank === 0) blankMs ??= now - jumpedAt;
          if (blankMs !== undefined && waiting === 0) {
            resolve({ blankMs, thumbsMs: now - jumpedAt });
          } else if (now - jumpedAt > 15_000) {
            resolve({ blankMs: blankMs ?? Infinity, thumbsMs: Infinity });
          } else {
            requestAnimationFrame(look);
          }
        };
        requestAnimationFrame(look);
      },
      { capture: true, once: true },
    );
  });
}

/** 3. Clicks on the scroller track (a jump) at each of JUMPS, timed in the page. */
async function jumps(page: Page): Promise<JumpResult[]> {
  const results: JumpResult[] = [];
  for (const at of JUMPS) {
    const track = await scrollerTrack(page);
    await page.evaluate(armJumpProbe, 'pointerdown');
    await page.mouse.click(track.x, track.top + at * track.height);
    // Off the scroller and the tiles: no hover label, no hover preview.
    await page.mouse.move(1, VIEWPORT.height - 1);
    const timed = await page.evaluate(() => (window as ProbeWindow).__troveBench?.jump);
    if (!timed) throw new Error('the jump probe did not arm');
    results.push({ at, ...timed });
    // Calm again before the next jump, so it is not taken for part of a fling.
    await page.waitForTimeout(600);
  }
  return results;
}

/** A page on /photos with its first screen of thumbnails shown, the probe installed. */
async function settledTimeline(browser: Browser, url: string, state: StorageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  await context.addInitScript(probeFirstThumbnail);
  const page = await context.newPage();
  await page.goto(`${url}/photos`);
  await page.waitForFunction(() => (window as ProbeWindow).__troveBench?.firstThumb !== undefined, null, {
    timeout: 30_000,
  });
  await page.waitForTimeout(500);
  return { page, close: () => context.close() };
}

/** 4. End on the fast scroller of a million-file timeline: is the oldest month there? */
async function oldestMonth(
  browser: Browser,
  server: ServerProcess,
  state: StorageState,
): Promise<Omit<MillionResult, 'files' | 'seedSeconds'>> {
  const api = apiOf(server, state);
  const job = ((await api('/st/4/jobs/default')) as { id: string }).id;
  const { months } = (await api(`/st/4/jobs/${job}/timeline/months`)) as {
    months: { start: number; pictures: number; videos: number; screenshots: number }[];
  };
  // The grid shows every month with a photo, video or screenshot (documents have their page).
  const oldest = months
    .filter((month) => month.pictures + month.videos + month.screenshots > 0)
    .at(-1)?.start;
  if (oldest === undefined) throw new Error('the server lists no months');

  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/photos`);
    await page.locator('section.month').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    // Before End: the newest month should start where the grid does.
    const firstMonthShiftPx = await page.evaluate(() => {
      const grid = document.querySelector('.timeline-grid')?.getBoundingClientRect().top ?? NaN;
      return (document.querySelector('section.month')?.getBoundingClientRect().top ?? NaN) - grid;
    });
    await page.locator('.fast-scroller').focus();
    await page.evaluate(armJumpProbe, 'keydown');
    await page.locator('.fast-scroller').press('End');
    const timed = await page.evaluate(() => (window as ProbeWindow).__troveBench?.jump);
    const seen = await page.evaluate(() => {
      const sections = document.querySelectorAll<HTMLElement>('section.month');
      const last = sections[sections.length - 1];
      const rect = last?.getBoundingClientRect();
      return {
        lastInDom: last?.dataset.month === undefined ? undefined : Number(last.dataset.month),
        lastVisible: rect !== undefined && rect.bottom > 0 && rect.top < window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      };
    });
    return {
      oldest,
      firstMonthShiftPx,
      ...seen,
      loadedMs: timed?.blankMs ?? Infinity,
      reachable: seen.lastInDom === oldest && seen.lastVisible && seen.documentHeight < HEIGHT_CAP_PX,
    };
  } finally {
    await context.close();
  }
}

/**
 * The web timeline figures at `files` scale rows (1–3) and, unless `million` is 0, at
 * `million` rows in a second data folder (4). `loads` cold loads give the median of 1.
 */
export async function benchWebTimeline(options: {
  files: number;
  million: number;
  loads: number;
  hashMiB: number;
  /** Files of one month added after the other figures (issue #4 §1), 0 to skip. */
  bigMonth: number;
}): Promise<WebTimelineResult> {
  const web = buildWebClient();
  const browser = await launchChromium();
  const dataDir = await makeDataDir();
  let millionDir: string | undefined;
  try {
    const signedIn = await prepareDemo(browser, dataDir, web.dir);
    if (options.million > 0) {
      // The same demo library, thumbnails and session, before the 100k rows go in.
      millionDir = await makeDataDir();
      fs.cpSync(dataDir, millionDir, { recursive: true });
    }
    const serverEnv = { WEB_DIST: web.dir, EMBEDDED_WORKER: 'false' };

    const seedSeconds = await addRows(dataDir, options.files);
    const server = await startServerProcess(dataDir, serverEnv);
    let result: WebTimelineResult;
    try {
      const state = movedTo(signedIn, server.url);
      const cold = await firstThumbnails(browser, server.url, state, options.loads);
      const timeline = await settledTimeline(browser, server.url, state);
      try {
        const frameDeltasMs = await fling(timeline.page);
        await timeline.page.waitForTimeout(1000);
        result = {
          files: options.files,
          seedSeconds,
          firstThumbMs: cold.times,
          bareFirstThumbMs: cold.bareTimes,
          frameDeltasMs,
          jumps: await jumps(timeline.page),
        };
      } finally {
        await timeline.close();
      }
      if (options.hashMiB > 0) {
        const hash = await hashThroughput(browser, server.url, web.dir, options.hashMiB);
        if (hash) result.hash = hash;
      }
    } finally {
      await server.stop();
    }
    if (options.bigMonth > 0) {
      result.bigMonth = await bigMonth(browser, signedIn, dataDir, serverEnv, options.bigMonth);
    }
    removeDataDir(dataDir);

    if (millionDir !== undefined) {
      const millionSeconds = await addRows(millionDir, options.million);
      const big = await startServerProcess(millionDir, serverEnv);
      try {
        result.million = {
          files: options.million,
          seedSeconds: millionSeconds,
          ...(await oldestMonth(browser, big, movedTo(signedIn, big.url))),
        };
      } finally {
        await big.stop();
      }
    }
    return result;
  } finally {
    await browser.close();
    removeDataDir(dataDir);
    if (millionDir !== undefined) removeDataDir(millionDir);
    web.remove();
  }
}
