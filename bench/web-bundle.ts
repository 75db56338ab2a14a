import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { startServerProcess } from '../apps/server/src/test/server-process.ts';
import { buildWebClient, launchChromium, signInThroughUi, type StorageState } from './lib/browser.ts';
import { makeDataDir, removeDataDir } from './lib/server.ts';
import { VIEWPORT, withSeedDeps } from './lib/web-seed.ts';

/**
 * Issue #10: the JavaScript a cold load of a screen makes the browser fetch, in gzip bytes.
 * A real `trove serve` of the built client (SQLite, the `trove seed` library), Debian's
 * Chromium signed in once through the UI, then each screen opened in a new context (empty
 * cache). Every script response (entry, modulepreloads, the dynamic imports fired while the
 * page comes up: the locale's messages, the screen's chunk) counts until the screen has
 * rendered and no script was requested for QUIET_MS. Each body is gzipped here (zlib's
 * default level, as a server would) so the figure does not depend on how this server sends it.
 */

/** A screen is idle once no script was requested for this long after it rendered. */
const QUIET_MS = 1000;

/** One script a cold load fetched. */
export interface BundleScript {
  /** The path of its URL, e.g. /assets/index-aX7DMDDy.js. */
  name: string;
  bytes: number;
  gzipBytes: number;
}

/** What one cold load of a screen fetched. */
export interface ColdLoad {
  path: string;
  scripts: BundleScript[];
  gzipBytes: number;
}

/** Screens to load cold: what must be on screen before the load counts as done. */
const SCREENS: readonly { path: string; shown: string }[] = [
  { path: '/photos', shown: '.tile' },
  { path: '/settings', shown: 'main h1' },
  // The TV's receiver page (issue #27): what a TV's browser fetches before it shows a code.
  { path: '/tv', shown: '[data-testid="tv-code"]' },
];

/** Opens `screen` in a fresh context and collects every script response until idle. */
async function coldLoad(
  browser: Browser,
  url: string,
  state: StorageState,
  screen: (typeof SCREENS)[number],
): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  try {
    const scripts: BundleScript[] = [];
    const pending: Promise<void>[] = [];
    let lastScriptAt = Date.now();
    // The context, not the page: a worker's own script would be fetched outside the page.
    context.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (!pathname.endsWith('.js') && !pathname.endsWith('.mjs')) return;
      lastScriptAt = Date.now();
      pending.push(
        response.body().then((body) => {
          scripts.push({ name: pathname, bytes: body.length, gzipBytes: gzipSync(body).length });
        }),
      );
    });
    const page = await context.newPage();
    await page.goto(`${url}${screen.path}`);
    await page.locator(screen.shown).first().waitFor({ timeout: 30_000 });
    await untilQuiet(page, () => lastScriptAt);
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      path: screen.path,
      scripts,
      gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}

/** Waits until the page is idle and no script was requested for QUIET_MS. */
async function untilQuiet(page: Page, lastScriptAt: () => number): Promise<void> {
  for (;;) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestIdleCallback(
            () => {
              resolve();
            },
            { timeout: 2000 },
          );
        }),
    );
    const quietFor = Date.now() - lastScriptAt();
    if (quietFor >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor));
  }
}

/**
 * Lazy chunks reported with their size and no budget: what opening them fetches beyond the
 * first load. The name is the chunk's, after the module it is loaded by (Vite's [name]).
 */
const LAZY_CHUNKS: readonly { name: string; what: string }[] = [
  { name: 'PhotoEditorDialog', what: 'the photo editor, issue #27' },
];

/** A lazy chunk and the scripts it imports that the first load does not have, in gzip bytes. */
export interface LazyChunk {
  name: string;
  what: string;
  scripts: BundleScript[];
  gzipBytes: number;
}

/** The scripts `file` (in `assets`) imports statically, not `import()`: what loads with it. */
function staticImportsOf(assets: string, file: string): string[] {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g))
    if (match[1]) found.add(match[1]);
  return [...found];
}

/** `files` and everything they import statically, transitively. */
function withStaticImports(assets: string, files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImportsOf(assets, file).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

/** The size of each of LAZY_CHUNKS in the built client at `dir`, beyond the first load. */
export function measureLazyChunks(dir: string): LazyChunk[] {
  const assets = path.join(dir, 'assets');
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );
  const firstLoad = withStaticImports(assets, entry);
  const files = fs.readdirSync(assets);
  return LAZY_CHUNKS.map(({ name, what }) => {
    const chunk = files.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
    if (!chunk) throw new Error(`no chunk ${name}-*.js in the build`);
    const scripts = [...withStaticImports(assets, [chunk])]
      .filter((file) => !firstLoad.has(file))
      .map((file) => {
        const body = fs.readFileSync(path.join(assets, file));
        return { name: `/assets/${file}`, bytes: body.length, gzipBytes: gzipSync(body).length };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { name, what, scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
  });
}

/** "web lazy PhotoEditorDialog (…): 259.0 KiB gzip in 1 script: …", for the notes. */
export function describeLazyChunk(chunk: LazyChunk): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = chunk.scripts.map((script) => `${path.basename(script.name)} ${kib(script.gzipBytes)}`);
  return `web lazy ${chunk.name} (${chunk.what}): ${kib(chunk.gzipBytes)} gzip in ${String(chunk.scripts.length)} scripts beyond the first load: ${rows.join(', ')}`;
}

/**
 * Cold loads of /photos, /settings and /tv on the built client, signed in, and the sizes of
 * the lazy chunks it reports (LAZY_CHUNKS).
 */
export async function benchWebBundle(): Promise<{ loads: ColdLoad[]; lazyChunks: LazyChunk[] }> {
  const web = buildWebClient();
  const lazyChunks = measureLazyChunks(web.dir);
  const dataDir = await makeDataDir();
  const browser = await launchChromium();
  try {
    const email = 'bench-bundle@trove.local';
    const demo = await withSeedDeps(dataDir, (deps) => seedDemo(deps, { email, photos: 3, videos: 0 }));
    if (!demo.password) throw new Error('the bench account existed already');
    const server = await startServerProcess(dataDir, { WEB_DIST: web.dir });
    try {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await signInThroughUi(page, server.url, email, demo.password);
      const state = await context.storageState();
      await context.close();
      const loads: ColdLoad[] = [];
      for (const screen of SCREENS) loads.push(await coldLoad(browser, server.url, state, screen));
      return { loads, lazyChunks };
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    removeDataDir(dataDir);
    web.remove();
  }
}

/** "index-aX7DMDDy.js 66.3 KiB" lines of a cold load, largest first. */
export function describeLoad(load: ColdLoad): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = load.scripts.map((script) => `${path.basename(script.name)} ${kib(script.gzipBytes)}`);
  return `web cold ${load.path}: ${String(load.scripts.length)} scripts, ${kib(load.gzipBytes)} gzip: ${rows.join(', ')}`;
}
