import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { seedRows } from '../apps/server/src/seed/seed.ts';
import { startServerProcess } from '../apps/server/src/test/server-process.ts';
import { movedTo, type StorageState } from './lib/browser.ts';
import { EMAIL, VIEWPORT, withSeedDeps } from './lib/web-seed.ts';

/** Issue #4 §1: "a 20,000-file month renders without a task over 100 ms". */
export interface BigMonthResult {
  files: number;
  /** The longest task (PerformanceLongTaskTiming) from End until the month was loaded; 0 when none passed 50 ms. */
  longestTaskMs: number;
  /** Tasks over 50 ms in that time. */
  longTasks: number;
  /** Tasks over 50 ms since the page opened. */
  pageLongTasks: number;
  /** End → the month's last page of files answered. */
  loadedMs: number;
}

/** January 2015: older than the ten years of the scale rows, so it is the last month. */
const MONTH_START = Date.UTC(2015, 0, 1);
const MONTH_END = Date.UTC(2015, 0, 31, 23);

type LongTaskWindow = Window & { __troveLongTasks?: { start: number; duration: number }[] };

/** Page side, before any script: every long task of the page, from its start. */
function recordLongTasks() {
  const tasks: { start: number; duration: number }[] = [];
  (window as LongTaskWindow).__troveLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Adds `files` rows taken in one month (the oldest) to the bench library (its server
 * stopped), then in a fresh page on /photos presses End on the fast scroller and records every long task until that
 * month's files have all arrived (its last page answered and a second passed).
 */
export async function bigMonth(
  browser: Browser,
  signedIn: StorageState,
  dataDir: string,
  serverEnv: Record<string, string>,
  files: number,
): Promise<BigMonthResult> {
  await withSeedDeps(dataDir, (deps) =>
    seedRows(deps, { email: EMAIL, files, taken: { start: MONTH_START, end: MONTH_END } }),
  );
  // A server started after the rows went in: seeded rows bypass the change log, so a
  // running server's cached month counts would not know them.
  const server = await startServerProcess(dataDir, serverEnv);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: movedTo(signedIn, server.url),
  });
  try {
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    await page.goto(`${server.url}/photos`);
    await page.locator('section.month').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const filePages = () =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((entry) => /\/files\?/.test(entry.name)).length,
      );
    // The figure passes at 0 when the observer records nothing, so it must prove it is live:
    // a known task of 150 ms, before the measured window, has to show up in it. It runs from
    // the page's own timer: work that DevTools evaluates is no task of the page to Chromium.
    const injectedAt = await page.evaluate(() => {
      setTimeout(() => {
        const until = performance.now() + 150;
        while (performance.now() < until) {
          // busy on purpose: a long task of known length
        }
      }, 0);
      return performance.now();
    });
    await page
      .waitForFunction(
        (at) =>
          ((window as LongTaskWindow).__troveLongTasks ?? []).some(
            (task) => task.start >= at && task.duration >= 150,
          ),
        injectedAt,
        { timeout: 10_000 },
      )
      .catch(() => {
        throw new Error(
          'the long-task observer did not record a known 150 ms task: the figure would be 0 for nothing',
        );
      });
    const before = await filePages();
    // BENCH_PROFILE=<file>: a V8 CPU profile of the measured window, to find the long task.
    const profileTo = process.env.BENCH_PROFILE;
    const cdp = profileTo ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const startedAt = await page.evaluate(() => performance.now());
    await page.locator('.fast-scroller').focus();
    await page.locator('.fast-scroller').press('End');
    // The month arrives in pages (300 first, then 2000 at a time): wait until no page has
    // been asked for in a second, or 30 s.
    let seen = before;
    let quietSince = Date.now();
    const deadline = Date.now() + 30_000;
    while (Date.now() - quietSince < 1000 && Date.now() < deadline) {
      await page.waitForTimeout(100);
      const now = await filePages();
      if (now !== seen) {
        seen = now;
        quietSince = Date.now();
      }
    }
    if (cdp && profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profileTo, JSON.stringify(profile));
    }
    const measured = await page.evaluate(
      ({ from, month }) => {
        const tasks = ((window as LongTaskWindow).__troveLongTasks ?? []).filter(
          (task) => task.start >= from,
        );
        const pages = performance
          .getEntriesByType('resource')
          .filter(
            (entry) => /\/files\?/.test(entry.name) && entry.startTime >= from,
          ) as PerformanceResourceTiming[];
        return {
          longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
          longTasks: tasks.length,
          // Every long task since the page opened, the known 150 ms one included.
          pageLongTasks: ((window as LongTaskWindow).__troveLongTasks ?? []).length,
          loadedMs: Math.max(0, ...pages.map((entry) => entry.responseEnd)) - from,
          pages: pages.length,
          inDom: document.querySelector(`section.month[data-month="${String(month)}"]`) !== null,
        };
      },
      { from: startedAt, month: MONTH_START / 1000 },
    );
    if (!measured.inDom) throw new Error('End on the scroller did not show the 20,000-file month');
    return {
      files,
      longestTaskMs: measured.longestTaskMs,
      longTasks: measured.longTasks,
      pageLongTasks: measured.pageLongTasks,
      loadedMs: measured.loadedMs,
    };
  } finally {
    await context.close();
    await server.stop();
  }
}
