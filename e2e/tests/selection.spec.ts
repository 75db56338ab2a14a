import { type Page } from '@playwright/test';
import path from 'node:path';
import {
  expect,
  test,
  createAccount,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  SHOTS,
  namedFile,
} from './helpers.ts';

const tile = (page: Page, name: string) =>
  page.locator('.tile-frame', { has: page.locator(`img[alt="${name}"]`) });

/**
 * Selection and delete with undo (issue #4 §2, §5; spec 000 §4 Selection): a shift-click
 * range across months, Escape, the selection bar's delete with its Undo toast, and the
 * file menu's delete.
 */
test('a user selects a range across months, deletes with undo, and uses the file menu', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('selection'));

  // Three months: now (beach), February 2024 (HEIC), July 2023 (camera JPEG).
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('IMG_0001.heic', path.join(SERVER_FIXTURES, 'photo.heic'), 'image/heic'),
      namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
    ]);
  for (const name of ['beach.jpg', 'IMG_0001.heic', 'IMG_2023.jpg']) {
    await expect(page.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByRole('region', { name: 'July 2023' })).toBeVisible();

  // The circle selects; Shift+click on a file two months away selects everything between.
  await tile(page, 'beach.jpg').hover();
  await page.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await expect(page.getByRole('toolbar', { name: '1 selected' })).toBeVisible();
  await page.keyboard.down('Shift');
  await tile(page, 'IMG_2023.jpg').locator('.tile').hover();
  await expect(tile(page, 'IMG_0001.heic')).toHaveClass(/tile-frame--ToBeSelected/);
  await tile(page, 'IMG_2023.jpg').locator('.tile').click();
  await page.keyboard.up('Shift');
  await expect(page.getByRole('toolbar', { name: '3 selected' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'selection-range-desktop.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar')).toHaveCount(0);

  // Delete two from the selection bar, then Undo: both come back.
  await tile(page, 'beach.jpg').hover();
  await page.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await page.getByRole('checkbox', { name: 'Select IMG_0001.heic' }).click();
  await page.getByRole('toolbar', { name: '2 selected' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 files deleted')).toBeVisible();
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: path.join(SHOTS, 'selection-deleted-desktop.png'), animations: 'disabled' });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('2 files restored')).toBeVisible();
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.tile img[alt="IMG_0001.heic"]')).toBeVisible();

  // The file menu (right click): Download and Delete; the deleted file leaves the grid.
  // The menu closes on scroll; the grid may still be re-laying out after the restore.
  const menu = page.getByRole('menu', { name: 'Actions for IMG_2023.jpg' });
  await expect(async () => {
    await tile(page, 'IMG_2023.jpg').locator('.tile').click({ button: 'right' });
    await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: path.join(SHOTS, 'file-menu-desktop.png'), animations: 'disabled' });
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 file deleted')).toBeVisible();
  await expect(page.locator('.tile img[alt="IMG_2023.jpg"]')).toHaveCount(0, { timeout: 10_000 });
  await context.close();
});
