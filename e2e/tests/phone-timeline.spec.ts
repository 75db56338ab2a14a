import path from 'node:path';
import { expect, test, createAccount, FIXTURES, newAccount, SHOTS, namedFile } from './helpers.ts';

/**
 * The timeline's head on a phone in Bulgarian, the longest of the four languages (issue #10):
 * the filters are one row that fades where chips are out of sight, and Add photos / Add
 * folder sit beside them as icons, so the first photo starts right below.
 */
test('on a phone the filters and the add buttons share one row', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('phone'));
  await page
    .getByLabel('Add photos')
    .setInputFiles([namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg')]);
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toBeVisible({ timeout: 30_000 });

  await context.addCookies([{ name: 'trove_locale', value: 'bg_BG', url: baseURL ?? '' }]);
  await page.reload();
  const filters = page.getByRole('group', { name: 'Показване' });
  await expect(filters).toBeVisible();
  await expect(filters).toHaveAttribute('data-overflow', 'end');

  const row = await filters.boundingBox();
  const addPhotos = await page.locator('.timeline__header .add-photos').boundingBox();
  const tile = await page.locator('.tile').first().boundingBox();
  if (!row || !addPhotos || !tile) throw new Error('the timeline head is not laid out');
  // Same row: the buttons start and end within the filters' band, and fit the screen.
  expect(addPhotos.y).toBeLessThan(row.y + row.height);
  expect(addPhotos.y + addPhotos.height).toBeGreaterThan(row.y);
  expect(addPhotos.x + addPhotos.width).toBeLessThanOrEqual(390);
  // One row of head, one month heading, then the first photo.
  expect(tile.y).toBeLessThan(row.y + row.height + 120);
  await expect(page.getByLabel('Добавяне на снимки')).toBeAttached();
  await page.screenshot({ path: path.join(SHOTS, 'phone-timeline-bg.png'), animations: 'disabled' });

  // Scrolled to the end, the fade moves to the start.
  await filters.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect(filters).toHaveAttribute('data-overflow', 'start');
  await context.close();
});
