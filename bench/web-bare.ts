import type { Browser, Page, Request } from 'playwright-core';
import type { StorageState } from './lib/browser.ts';
import { VIEWPORT } from './lib/web-seed.ts';

/**
 * Issue #23: the first thumbnail of a cold /photos judged against a bare page that makes
 * the same requests in the same run, so the figure means the same on a slower machine.
 *
 * The app's requests until its first thumbnail are recorded with their timing. A request
 * that started after another had ended may have waited for it (a script for the document,
 * the months for the account, a thumbnail for the page of files), so the requests are
 * grouped into waves: a request's wave is one past the latest wave of any request that
 * ended before it started. The bare page then fetches wave after wave, each wave's
 * requests at once, with the same headers and the HTTP cache off, and stops its clock when
 * the last wave's images are decoded. What the app spends beyond that is its own: parsing
 * and running scripts, rendering, and waiting it did not have to do.
 */

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  image: boolean;
  /** Milliseconds since the navigation started. */
  start: number;
  end: number;
}

/** Headers the browser sets itself: a page may not, and need not, send them. */
const BROWSER_HEADERS =
  /^(host|cookie|user-agent|accept-encoding|accept-language|referer|origin|connection|content-length|sec-.*|upgrade-insecure-requests|priority)$/i;

/** Records every request the page finishes; `until(ms)` gives those that started by then. */
export function recordRequests(page: Page) {
  const finished: { request: Request; headers: Promise<Record<string, string> | undefined> }[] = [];
  page.on('requestfinished', (request) => {
    // A request that finishes as the page closes has no headers to give, and its rejection
    // must not end the run: only a request `until` keeps needs them.
    finished.push({ request, headers: request.allHeaders().catch(() => undefined) });
  });
  return {
    async until(ms: number): Promise<RecordedRequest[]> {
      const timeOrigin = await page.evaluate(() => performance.timeOrigin);
      const recorded: RecordedRequest[] = [];
      for (const { request, headers } of finished) {
        const timing = request.timing();
        const start = timing.startTime - timeOrigin;
        if (start > ms || request.isNavigationRequest()) continue;
        const all = await headers;
        if (all === undefined) throw new Error(`no headers for ${request.url()}: the page closed first`);
        const sent = Object.fromEntries(
          Object.entries(all).filter(([name]) => !name.startsWith(':') && !BROWSER_HEADERS.test(name)),
        );
        const body = request.postData();
        recorded.push({
          url: request.url(),
          method: request.method(),
          headers: sent,
          ...(body !== null && { body }),
          image: request.resourceType() === 'image',
          start,
          end: start + Math.max(0, timing.responseEnd),
        });
      }
      return recorded;
    },
  };
}

/** The requests in waves (see the note at the top of this file). */
export function waves(requests: readonly RecordedRequest[]): RecordedRequest[][] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const waveOf = new Map<RecordedRequest, number>();
  for (const request of sorted) {
    let wave = 0;
    for (const [earlier, earlierWave] of waveOf) {
      if (earlier.end <= request.start) wave = Math.max(wave, earlierWave + 1);
    }
    waveOf.set(request, wave);
  }
  const grouped: RecordedRequest[][] = [];
  for (const [request, wave] of waveOf) (grouped[wave] ??= []).push(request);
  return grouped.filter((wave) => wave.length > 0);
}

/**
 * One cold load of the bare page: a blank document at `documentUrl` (the app's own
 * document, so the navigation costs what the app's did), then the waves. Milliseconds
 * from the navigation start to the last image decoded.
 */
export async function bareLoad(
  browser: Browser,
  documentUrl: string,
  state: StorageState,
  requestWaves: RecordedRequest[][],
): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The same document the app loads, fetched from the server, with none of its scripts run.
    await page.route(documentUrl, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: '<!doctype html><title>bare</title>', contentType: 'text/html' });
    });
    await page.goto(documentUrl, { waitUntil: 'commit' });
    await page.unroute(documentUrl);
    return await page.evaluate(async (plan) => {
      for (const wave of plan) {
        await Promise.all(
          wave.map(async (request) => {
            if (request.image) {
              const image = new Image();
              image.src = request.url;
              await image.decode().catch(() => undefined);
              return;
            }
            const response = await fetch(request.url, {
              method: request.method,
              headers: request.headers,
              cache: 'no-store',
              credentials: 'include',
              ...(request.body !== undefined && { body: request.body }),
            });
            await response.arrayBuffer();
          }),
        );
      }
      return performance.now();
    }, requestWaves);
  } finally {
    await context.close();
  }
}
