import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import type { JobInfo, RemoteFile } from '@trove/contract';
import { appCall, createAccount, DESKTOP, expect, namedFile, newAccount, SHOTS } from './helpers.ts';

/*
 * The steps the photo editor's journeys (photo-editor.spec.ts, issue #27) share: a photo
 * uploaded through the app's own picker, the editor opened on it from the viewer, moving
 * through it by keyboard (Tab, the arrows), what its canvas shows and what it drew, what the
 * server holds of a job, and the bytes and colours of a file as its download serves them.
 */

/** The caller's files of a job through the app's own call. */
export const filesIn = async (page: Page, jobId: string) =>
  (await appCall<{ files: RemoteFile[] }>(page, 'GET', `/jobs/${jobId}/files`)).files;

/** The caller's timeline job. */
export const timelineOf = (page: Page) => appCall<JobInfo>(page, 'GET', '/jobs/default');

/** The bytes of a file as its download serves them. */
export async function downloaded(page: Page, file: RemoteFile): Promise<Buffer> {
  const response = await page.request.get(
    `${file.file_url}${file.file_url.includes('?') ? '&' : '?'}download=1`,
  );
  expect(response.status()).toBe(200);
  return response.body();
}

/** SHA-1 of the original's bytes as the download serves them. */
export async function downloadedHash(page: Page, file: RemoteFile): Promise<string> {
  return createHash('sha1')
    .update(await downloaded(page, file))
    .digest('hex');
}

/** A screenshot of the window at `viewport`, once it has laid out at that width. */
export async function shot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: path.join(SHOTS, name), animations: 'disabled' });
}

/** Uploads `fixture` as `name` through the timeline's picker; its tile, and its record once ready. */
export async function uploadPhoto(
  page: Page,
  name: string,
  fixture: string,
  mimeType: string,
): Promise<{ tile: Locator; file: RemoteFile; timelineId: string }> {
  await page.getByLabel('Add photos').setInputFiles([namedFile(name, fixture, mimeType)]);
  const tile = page.locator('.tile', { has: page.locator(`img[alt="${name}"]`) });
  await expect(tile).toBeVisible({ timeout: 30_000 });
  const timeline = await timelineOf(page);
  return { tile, file: await readyFile(page, timeline.id, name), timelineId: timeline.id };
}

/** A new account in a desktop window, with one photo uploaded: `fixture` as `name`. */
export async function ownerOfPhoto(
  browser: Browser,
  label: string,
  photo: { name: string; fixture: string; mimeType: string },
) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const account = newAccount(label);
  await page.goto('/');
  await createAccount(page, account);
  const { tile, file, timelineId } = await uploadPhoto(page, photo.name, photo.fixture, photo.mimeType);
  return { context, page, account, tile, original: file, timelineId };
}

/** From the timeline's tile: the viewer, then Edit; the editor once its canvas shows. */
export async function openEditor(page: Page, tile: Locator, name: string): Promise<Locator> {
  await tile.click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(editor).toBeVisible();
  await expect(editor.locator('.FIE_canvas-node canvas').first()).toBeVisible({ timeout: 30_000 });
  return editor;
}

/**
 * The colour at fractions (`x`, `y`) of a picture the page can fetch (its JPEG copy, say),
 * as the browser decodes it: red, green, blue 0–255.
 */
export function colourAt(page: Page, url: string, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, x, y }) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      const pixel = context.getImageData(Math.floor(bitmap.width * x), Math.floor(bitmap.height * y), 1, 1);
      return [...pixel.data.slice(0, 3)];
    },
    { url, x, y },
  );
}

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user
 * would: fails when it is not in the Tab order.
 */
export async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Presses ArrowDown until `target` has the focus (in a menu), at most `max` times. */
export async function arrowTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(target).toBeFocused();
}

/** A drawing placed by keyboard, as the editor's canvas (Konva) draws it. */
export interface Drawing {
  name: string;
  x: number;
  y: number;
  scaleX: number;
  text?: string;
}

/** The drawings placed by keyboard (ids `placed-…`), read from the Konva stage the editor draws. */
export function placedDrawings(page: Page): Promise<Drawing[]> {
  return page.evaluate(() => {
    interface Node {
      name(): string;
      x(): number;
      y(): number;
      scaleX(): number;
      attrs: { id?: string; text?: string };
    }
    const konva = (window as unknown as { Konva: { stages: { find(selector: string): Node[] }[] } }).Konva;
    return konva.stages
      .flatMap((stage) => stage.find('Text, Rect, Ellipse'))
      .filter((node) => node.attrs.id?.startsWith('placed-'))
      .map((node) => ({
        name: node.name(),
        x: node.x(),
        y: node.y(),
        scaleX: node.scaleX(),
        ...(node.attrs.text !== undefined && { text: node.attrs.text }),
      }));
  });
}

/** The file `name` of a job once the server has processed it (its size, its thumbnails). */
export async function readyFile(page: Page, jobId: string, name: string): Promise<RemoteFile> {
  let file: RemoteFile | undefined;
  await expect
    .poll(
      async () => {
        file = (await filesIn(page, jobId)).find((candidate) => candidate.name === name);
        return file?.media_status;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  if (!file) throw new Error(`no ${name}`);
  return file;
}

/** A filter picked by keyboard: Tab to the Filters tab, Enter, Tab to the filter, Enter. */
export async function pickFilter(page: Page, editor: Locator, name: string): Promise<Locator> {
  await tabTo(page, editor.getByRole('tab', { name: 'Filters', exact: true }));
  await page.keyboard.press('Enter');
  const filter = editor.locator('.FIE_filters-item[data-keyboard-reach]', { hasText: name });
  await tabTo(page, filter);
  await page.keyboard.press('Enter');
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  return filter;
}

/**
 * A crop preset picked by keyboard (in the Adjust tab's crop tool): Tab to the presets'
 * opener, Enter, the arrows to the preset in the menu that took the focus, Enter; the focus
 * is back on the opener.
 */
export async function pickCropPreset(page: Page, editor: Locator, name: RegExp): Promise<void> {
  const opener = editor.locator('.FIE_crop-presets-opener-button');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await arrowTo(page, page.getByRole('button', { name }));
  await page.keyboard.press('Enter');
  await expect(opener).toBeFocused();
}

/**
 * The colours the editor's canvas shows at fractions (`x`, `y`) of the picture it draws,
 * the picture being the middle `share` of the canvas's width (FilerobotImageEditor fits it
 * in with a margin).
 */
export function canvasColours(editor: Locator, points: [number, number][]): Promise<number[][]> {
  return editor
    .locator('.FIE_canvas-node canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement, points) => {
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      return points.map(([x, y]) => [
        ...context
          .getImageData(Math.floor(canvas.width * x), Math.floor(canvas.height * y), 1, 1)
          .data.slice(0, 3),
      ]);
    }, points);
}

/** Whether `rgb` is mostly `channel` (0 red, 1 green, 2 blue), or yellow (red and green). */
export function isMostly(rgb: number[], colour: 'red' | 'green' | 'blue' | 'yellow'): boolean {
  const [r = 0, g = 0, b = 0] = rgb;
  switch (colour) {
    case 'red':
      return r > 150 && g < 100 && b < 100;
    case 'green':
      return g > 100 && r < 100 && b < 100;
    case 'blue':
      return b > 150 && r < 100 && g < 100;
    case 'yellow':
      return r > 150 && g > 150 && b < 100;
  }
}

/** `box` lies inside a window `width` wide and `height` high. */
export function isInside(
  box: { x: number; y: number; width: number; height: number } | null,
  width: number,
  height: number,
) {
  return (
    box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
  );
}
