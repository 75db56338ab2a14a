import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { clientAuth, type Session } from '../../apps/server/src/test/harness.ts';

/** Storage state of a signed-in browser context (cookies and localStorage per origin). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The launch options of e2e/playwright.config.ts: Debian's Chromium, no GPU. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The production build of the web client in a fresh temporary folder (not apps/web/dist,
 * which other people's runs use). BENCH_WEB_DIST names an existing build to use instead.
 */
export function buildWebClient(): { dir: string; remove: () => void } {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dir: path.resolve(given), remove: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-bench-web-'));
  // The web's `build` script is two builds (the client, then the sandbox's Stripe stand-in);
  // `npm run build -- --outDir` would hand the folder to the second only, leaving the client
  // in apps/web/dist and this folder without index.html. Each is run here with its folder.
  const vite = (args: string[]) =>
    spawnSync('npx', ['vite', 'build', ...args], { cwd: path.join(root, 'apps', 'web'), encoding: 'utf8' });
  const client = vite(['--outDir', dir, '--emptyOutDir']);
  const build =
    client.status === 0
      ? vite(['-c', 'vite.sandbox.config.ts', '--outDir', path.join(dir, 'sandbox')])
      : client;
  if (build.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`the web client did not build:\n${build.stdout}${build.stderr}`);
  }
  return {
    dir,
    remove: () => {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The journey of e2e/tests/helpers.ts: login page → Sign in → the IdP's form → /photos. */
export async function signInThroughUi(
  page: Page,
  url: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\?/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/photos$/);
}

/**
 * The same signed-in state for a server at another address: localStorage is kept per origin
 * and every `trove serve` of a bench listens on a port of its own. (Cookies ignore ports.)
 */
export function movedTo(state: StorageState, url: string): StorageState {
  const origin = new URL(url).origin;
  return { ...state, origins: state.origins.map((entry) => ({ ...entry, origin })) };
}

/** The API session the browser holds (its token and device id), for calls from Node. */
export function sessionOf(state: StorageState): Pick<Session, 'query' | 'headers'> {
  const stored = new Map(
    state.origins.flatMap((entry) => entry.localStorage.map((item) => [item.name, item.value])),
  );
  const token = stored.get('trove.auth_token');
  const deviceId = stored.get('trove.device_id');
  if (!token || !deviceId) throw new Error('the browser holds no session');
  return clientAuth(token, deviceId);
}
