import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey's `test`: the runner's own, plus one automatic fixture that closes the
 * browser contexts a test opened with `browser.newContext()`. The `browser` is shared by the
 * whole run, so a context left open keeps its app alive (long polls, timers) through every
 * later journey: CI's last failure showed 43 such pages still running. Closing runs after
 * the failure screenshots are taken (the runner captures a context's pages as it closes).
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
export { expect };

/** The repository, and the data folder of the e2e server this run started (playwright.config.ts). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = path.join(ROOT, 'e2e', '.artifacts', `data-${process.env.E2E_PORT ?? '8181'}`);

/**
 * Runs SQL statements (`;` apart, `?` parameters taken in order) straight on the SQLite
 * database in `dataDir`, as a sweep, a failed job or time passing would leave it.
 */
export function sql(statements: string, params: (string | number)[] = [], dataDir = DATA_DIR): void {
  const script = `const db = new (require('better-sqlite3'))(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const params = JSON.parse(process.argv[3]);
    for (const s of process.argv[2].split(';').filter((x) => x.trim())) {
      const st = db.prepare(s);
      st.run(...params.splice(0, (s.match(/\\?/g) ?? []).length));
    }`;
  execFileSync(
    process.execPath,
    ['-e', script, path.join(dataDir, 'trove.db'), statements, JSON.stringify(params)],
    { cwd: ROOT, stdio: 'pipe' },
  );
}

/** `trove quota <email> <bytes>` against the running e2e server's database, as an operator sets it. */
export function setQuota(email: string, bytes: number): void {
  execFileSync(process.execPath, ['apps/server/src/main.ts', 'quota', email, String(bytes)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

/** Where journeys leave their screenshots, for people to look at. */
export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'screens');
fs.mkdirSync(SHOTS, { recursive: true });

/** The e2e fixtures, and the server's media fixtures (EXIF JPEG, HEIC, MP4) the journeys reuse. */
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const SERVER_FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'apps',
  'server',
  'src',
  'media',
  'fixtures',
);

/** A minimal valid one-page PDF, for the journeys that upload or share a document. */
export const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 800 };
/** The phone width the journeys check layouts at (390 px, a common phone). */
export const PHONE = { width: 390, height: 844 };

/** Full-page screenshots `<name>-desktop.png` and `<name>-phone.png` (390 px); back to desktop after. */
export async function shootBoth(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${size}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Saves a full-page screenshot at desktop width and, when asked, at mobile width too. */
export async function shoot(page: Page, name: string, options: { mobile?: boolean } = {}): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({
    path: path.join(SHOTS, `${name}-desktop.png`),
    fullPage: true,
    animations: 'disabled',
  });
  if (options.mobile) {
    await page.setViewportSize(MOBILE);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-mobile.png`),
      fullPage: true,
      animations: 'disabled',
    });
    await page.setViewportSize(DESKTOP);
  }
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): Account {
  const id = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return { name: 'Nora Newcomer', email: `${id}@example.com`, password: 'a very good password' };
}

/** From the login page: Create account → the identity provider's form → back in /photos. */
export async function createAccount(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/photos$/);
}

/** From the login page: Sign in → the identity provider's form → back in the app. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/photos$/);
}

/**
 * The names of every file of a job, sorted, through the same API the app uses, with the
 * page's own token; `default` is the caller's timeline.
 */
export function filesOf(page: Page, job: string): Promise<string[]> {
  return page.evaluate(async (jobId) => {
    const token = localStorage.getItem('trove.auth_token') ?? '';
    const device = localStorage.getItem('trove.device_id') ?? '';
    const query = `key=trove-web&client_v=1.2.3300.6&device_id=${device}`;
    const headers = { authorization: `Basic ${btoa(`token:${token}`)}` };
    const id =
      jobId === 'default'
        ? ((await (await fetch(`/st/4/jobs/default?${query}`, { headers })).json()) as { id: string }).id
        : jobId;
    const list = (await (await fetch(`/st/4/jobs/${id}/files?${query}`, { headers })).json()) as {
      files: { name: string }[];
    };
    return list.files.map((file) => file.name).sort();
  }, job);
}

/** A file to hand to `setInputFiles` under another name than the fixture's own. */
export function namedFile(name: string, source: string, mimeType: string) {
  return { name, mimeType, buffer: fs.readFileSync(source) };
}

/**
 * One app-host call with the page's own token (as `filesOf`): for a journey's setup steps
 * that other journeys already drive through the screens. Throws on a non-2xx answer.
 */
export function appCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('trove.auth_token') ?? '';
      const device = localStorage.getItem('trove.device_id') ?? '';
      const query = `key=trove-web&client_v=1.2.3300.6&device_id=${device}`;
      const response = await fetch(`/st/4${path}${path.includes('?') ? '&' : '?'}${query}`, {
        method,
        headers: {
          authorization: `Basic ${btoa(`token:${token}`)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok)
        throw new Error(`${method} ${path}: ${String(response.status)} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

/** A message the e2e SMTP sink received (e2e/smtp-sink.ts), parsed. */
export interface SentMail {
  to: string[];
  from: string;
  subject: string;
  replyTo: string;
  text: string;
  html: string;
}

/**
 * Waits until the e2e SMTP sink has received a message to `address`, and answers it. The
 * app server sends to the sink through SMTP_URL (playwright.config.ts).
 */
export async function mailTo(address: string, timeoutMs = 15_000): Promise<SentMail> {
  const sink = `http://127.0.0.1:${String(Number(process.env.E2E_PORT ?? 8181) + 200)}/messages`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await (await fetch(sink)).json()) as SentMail[];
    const found = messages.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no message to ${address} within ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Uploads into job `jobId` through POST /jobs/{id}/upload, a few at a time: `count` copies of
 * the JPEG `base64`, each made unique by a comment segment (no duplicates are folded), taken
 * a minute apart from `mtime` (seconds), named photo-0000.jpg…; or the given named files.
 */
export async function uploadFiles(
  page: Page,
  jobId: string,
  files:
    { copies: number; base64: string; mtime: number } | { name: string; base64: string; mtime: number }[],
): Promise<void> {
  await page.evaluate(
    async ({ jobId, files }) => {
      const token = localStorage.getItem('trove.auth_token') ?? '';
      const device = localStorage.getItem('trove.device_id') ?? '';
      const query = `key=trove-web&client_v=1.2.3300.6&device_id=${device}`;
      const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const list = Array.isArray(files)
        ? files.map((file) => ({ name: file.name, mtime: file.mtime, bytes: bytesOf(file.base64) }))
        : Array.from({ length: files.copies }, (_, i) => {
            const jpeg = bytesOf(files.base64);
            // SOI, then a COM segment (FF FE, length, text) naming the copy, then the rest.
            const text = new TextEncoder().encode(`copy ${String(i)}`);
            const comment = new Uint8Array([0xff, 0xfe, 0, text.length + 2, ...text]);
            const bytes = new Uint8Array(jpeg.length + comment.length);
            bytes.set(jpeg.subarray(0, 2));
            bytes.set(comment, 2);
            bytes.set(jpeg.subarray(2), 2 + comment.length);
            return { name: `photo-${String(i).padStart(4, '0')}.jpg`, mtime: files.mtime + i * 60, bytes };
          });
      let next = 0;
      const worker = async () => {
        while (next < list.length) {
          const file = list[next++];
          if (!file) return;
          const form = new FormData();
          form.append('path', `Camera/${file.name}`);
          form.append('mtime', String(file.mtime));
          form.append('file', new Blob([file.bytes], { type: 'image/jpeg' }), file.name);
          const response = await fetch(`/st/4/jobs/${jobId}/upload?${query}`, {
            method: 'POST',
            headers: { authorization: `Basic ${btoa(`token:${token}`)}` },
            body: form,
          });
          if (!response.ok) throw new Error(`upload ${file.name}: ${String(response.status)}`);
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));
    },
    { jobId, files },
  );
}

/** A file a test drags onto the app, its bytes in base64. */
export interface DraggedFile {
  name: string;
  base64: string;
  mimeType: string;
}

/**
 * Fires a drag event carrying `files` at the window, as a drag from the desktop does: the
 * app's drop overlay listens there (spec 000 §2 drag-and-drop area).
 */
export function dragFiles(page: Page, type: 'dragenter' | 'dragleave' | 'drop', files: DraggedFile[]) {
  return page.evaluate(
    ({ type, files }) => {
      const data = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      window.dispatchEvent(new DragEvent(type, { dataTransfer: data, cancelable: true }));
    },
    { type, files },
  );
}

/**
 * Drags `files` over the app until its drop overlay says `title`. The app listens for drags,
 * and a screen claims them, only once it has started: a drag before that finds nothing, as
 * a real one would, so each try that misses is left (dragleave) and made again.
 */
export async function dragOver(page: Page, files: DraggedFile[], title: string): Promise<void> {
  await expect(async () => {
    await dragFiles(page, 'dragenter', files);
    try {
      await expect(page.getByText(title)).toBeVisible({ timeout: 1000 });
    } catch (error) {
      await dragFiles(page, 'dragleave', files);
      throw error;
    }
  }).toPass({ timeout: 15_000 });
}

/**
 * An axe check of the page, or of `within` only (a modal dialog: the page behind it is
 * inert). Colour contrast is left out unless asked for: the journeys that ask check it.
 */
export async function axe(page: Page, within?: string, options: { contrast?: boolean } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (!options.contrast) builder = builder.disableRules(['color-contrast']);
  // Contrast measured while a dialog still fades in (the backdrop's 150 ms) is the fade's,
  // not the design's: let finite animations end first (spinners run forever).
  else
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
  const results = await (within ? builder.include(within) : builder).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
}
