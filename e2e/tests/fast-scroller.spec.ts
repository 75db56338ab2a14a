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

/**
 * The fast scroller (spec 000 §2, issue #10): a mark for every year with photos, the oldest
 * one too, none of them over the page footer when the timeline is scrolled to its end.
 */
test('the fast scroller marks every year and stays clear of the footer', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('scroller'));
  // Taken now, in February 2024 (HEIC) and in July 2023 (EXIF).
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
      namedFile('IMG_0001.heic', path.join(SERVER_FIXTURES, 'photo.heic'), 'image/heic'),
    ]);
  for (const name of ['beach.jpg', 'IMG_2023.jpg', 'IMG_0001.heic']) {
    await expect(page.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 30_000 });
  }
  const marks = page.locator('.fast-scroller__year');
  const thisYear = String(new Date().getUTCFullYear());
  await expect(marks).toHaveCount(3);
  expect(await marks.evaluateAll((all) => all.map((mark) => mark.getAttribute('title')))).toEqual([
    thisYear,
    '2024',
    '2023',
  ]);

  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const footer = await page.locator('footer.footer').boundingBox();
  const oldest = await marks.last().boundingBox();
  if (!footer || !oldest) throw new Error('no footer or no mark');
  expect(oldest.y + oldest.height).toBeLessThanOrEqual(footer.y);
  await page.screenshot({ path: path.join(SHOTS, 'fast-scroller-end.png'), animations: 'disabled' });
  await context.close();
});
