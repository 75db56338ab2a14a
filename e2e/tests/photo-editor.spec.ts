import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { JobInfo, RemoteFile } from '@trove/contract';
import {
  appCall,
  axe,
  createAccount,
  DESKTOP,
  expect,
  namedFile,
  newAccount,
  PHONE,
  SERVER_FIXTURES,
  SHOTS,
  test,
} from './helpers.ts';

/** The caller's files of a job through the app's own call. */
const filesIn = async (page: Page, jobId: string) =>
  (await appCall<{ files: RemoteFile[] }>(page, 'GET', `/jobs/${jobId}/files`)).files;

/** SHA-1 of the original's bytes as the download serves them. */
async function downloadedHash(page: Page, file: RemoteFile): Promise<string> {
  const response = await page.request.get(
    `${file.file_url}${file.file_url.includes('?') ? '&' : '?'}download=1`,
  );
  expect(response.status()).toBe(200);
  return createHash('sha1')
    .update(await response.body())
    .digest('hex');
}

/** A screenshot of the window at `viewport`, once it has laid out at that width. */
async function shot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: path.join(SHOTS, name), animations: 'disabled' });
}

/**
 * Issue #27, the photo editor: the owner opens one of their photos from the viewer, crops it,
 * gives it a filter and a text, and saves it as a copy. The original is untouched byte for
 * byte; the copy is in the timeline with its thumbnail and the original's taken date, and in
 * the album the original is in.
 */
test('a photo edited (crop, filter, text) is saved as a copy beside the untouched original', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('editor'));

  // A photo with EXIF (taken in July 2023, a camera's facts), also in an album.
  await page
    .getByLabel('Add photos')
    .setInputFiles([namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg')]);
  const tile = page.locator('.tile', { has: page.locator('img[alt="IMG_2023.jpg"]') });
  await expect(tile).toBeVisible({ timeout: 30_000 });
  const timeline = await appCall<JobInfo>(page, 'GET', '/jobs/default');
  const [original] = await filesIn(page, timeline.id);
  if (!original) throw new Error('the photo was not uploaded');
  const album = await appCall<JobInfo>(page, 'POST', '/jobs', { name: 'Summer' });
  await appCall(page, 'POST', `/jobs/${album.id}/copy_files`, {
    source_job: timeline.id,
    file_uuids: [original.id],
  });
  const hashBefore = await downloadedHash(page, original);

  // The viewer offers Edit on the owner's photo; the editor opens over it.
  await tile.click();
  await expect(page.getByRole('dialog', { name: 'IMG_2023.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit IMG_2023.jpg' });
  await expect(editor).toBeVisible();
  await expect(editor.locator('canvas').first()).toBeVisible({ timeout: 30_000 });

  // Crop to 16:9 from the crop presets, by keyboard: Tab reaches the opener and the presets.
  await editor.locator('.FIE_crop-presets-opener-button').focus();
  await page.keyboard.press('Enter');
  const landscape = page.locator('.FIE_crop-presets-menu [data-keyboard-reach]', { hasText: 'Landscape' });
  await expect(landscape).toBeVisible();
  await landscape.focus();
  await page.keyboard.press('Enter');

  // A filter, from the Filters tab opened by keyboard.
  await editor.getByRole('tab', { name: 'Filters', exact: true }).focus();
  await page.keyboard.press('Enter');
  const filters = editor.locator('.FIE_filters-item');
  await expect(filters.nth(3)).toBeVisible();
  await filters.nth(3).click();

  // A text, from the drawing tab.
  await editor.getByRole('tab', { name: 'Draw and write', exact: true }).click();
  await editor.locator('.FIE_text-tool-button').click();
  const canvas = editor.locator('.FIE_canvas-node canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx - 150, cy - 40);
  await page.mouse.down();
  await page.mouse.move(cx, cy, { steps: 5 });
  await page.mouse.move(cx + 150, cy + 40, { steps: 5 });
  await page.mouse.up();
  await expect(editor.locator('.FIE_text-tool-options')).toBeVisible();

  // The editor screen: axe, and shots at desktop and phone width.
  await axe(page, '.photo-editor');
  await shot(page, 'editor-01-edited-desktop.png', DESKTOP);
  await shot(page, 'editor-01-edited-phone.png', PHONE);
  await axe(page, '.photo-editor');
  // At 390 px the bar's buttons and the tools stay inside the window.
  for (const control of [
    editor.getByRole('button', { name: 'Save as copy' }),
    editor.getByRole('button', { name: 'Close' }),
    editor.getByRole('button', { name: 'Menu' }),
    editor.getByRole('button', { name: 'Text', exact: true }),
  ]) {
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  }
  await page.setViewportSize(DESKTOP);

  // Save as a copy: the progress, then what became of it.
  await editor.getByRole('button', { name: 'Save as copy' }).click();
  await expect(editor.getByTestId('editor-saved')).toHaveText(
    'Saved as a new photo beside the original, and added to 1 album.',
    { timeout: 30_000 },
  );
  await shot(page, 'editor-02-saved-desktop.png', DESKTOP);
  // Escape closes the editor, then the viewer.
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'IMG_2023.jpg' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The copy is in the timeline with its thumbnail, and has the original's taken date.
  const copyTile = page.locator('.tile img[alt="IMG_2023 (edited).jpg"]');
  await expect(copyTile).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => copyTile.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await shot(page, 'editor-03-timeline-desktop.png', DESKTOP);
  const files = await filesIn(page, timeline.id);
  const copy = files.find((file) => file.name === 'IMG_2023 (edited).jpg');
  const after = files.find((file) => file.id === original.id);
  if (!copy || !after) throw new Error(`not both in the timeline: ${files.map((f) => f.name).join(', ')}`);
  expect(copy.taken).toBe(original.taken);
  expect(new Date(copy.taken * 1000).getUTCFullYear()).toBe(2023);
  // Cropped to 16:9 at the original's resolution, and not the original's bytes.
  expect([copy.width, copy.height]).toEqual([original.width, Math.round((original.width * 9) / 16)]);
  expect(copy.checksum).not.toBe(original.checksum);
  expect(copy.media_status).toBe('ready');
  // The camera's facts came along.
  const [originalFacts, copyFacts] = await Promise.all(
    [original, copy].map((file) =>
      appCall<Record<string, unknown>>(page, 'GET', `/jobs/${timeline.id}/metadata/${file.id}`),
    ),
  );
  // Where it was taken too, as the photo is the caller's own upload (within a millimetre).
  const { latitude, longitude, ...camera } = copyFacts ?? {};
  const { latitude: originalLatitude, longitude: originalLongitude, ...originalCamera } = originalFacts ?? {};
  expect(camera).toEqual(originalCamera);
  expect(latitude).toBeCloseTo(Number(originalLatitude), 7);
  expect(longitude).toBeCloseTo(Number(originalLongitude), 7);
  // In the album the original is in.
  expect((await filesIn(page, album.id)).map((file) => file.name).sort()).toEqual([
    'IMG_2023 (edited).jpg',
    'IMG_2023.jpg',
  ]);

  // The original is untouched, byte for byte.
  expect(after.checksum).toBe(original.checksum);
  expect(after.size).toBe(original.size);
  expect(await downloadedHash(page, after)).toBe(hashBefore);
  expect(hashBefore).toBe(original.checksum);
  await context.close();
});
