import { type Page, type Route } from '@playwright/test';
import path from 'node:path';
import {
  expect,
  test,
  axe,
  createAccount,
  DESKTOP,
  filesOf,
  FIXTURES,
  namedFile,
  newAccount,
  PHONE,
  SHOTS,
  shootBoth,
} from './helpers.ts';

/**
 * Issue #27, the rest of spec 000: the app's tooltip (§9: 500 ms open delay, at most 400 px
 * wide, keyboard focus, Escape, inside a 390 px phone), Enter confirms a confirm dialog (§9
 * keyboard), the 'Changes might be lost' warning for a change in flight that is not an
 * upload (§4), the avatar going to the settings and the create-album-after-more-photos
 * route (§2).
 */
test.setTimeout(120_000);

async function withBeach(page: Page, label: string): Promise<void> {
  await page.goto('/');
  await createAccount(page, newAccount(label));
  await page
    .getByLabel('Add photos')
    .setInputFiles([namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg')]);
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('status')).toHaveText(
    '1 file uploaded',
    {
      timeout: 30_000,
    },
  );
}

/** The tooltip on screen (placed), its box; fails unless it is inside the viewport and at most 400 px wide. */
async function expectTooltipInside(page: Page, text: string): Promise<void> {
  const tooltip = page.locator('.tooltip.is-placed');
  await expect(tooltip).toHaveText(text);
  const box = await tooltip.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.width).toBeLessThanOrEqual(400);
}

test('tooltips, Enter in a confirm dialog, and the leave warning while a delete is in flight', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await withBeach(page, 'tooltip');

  await page.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  const bar = page.getByRole('toolbar', { name: '1 selected' });
  const remove = bar.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeVisible();
  // No title: the app's tooltip, after 500 ms of rest (spec 000 §9).
  expect(await remove.getAttribute('title')).toBeNull();
  await remove.hover();
  await page.waitForTimeout(250);
  await expect(page.locator('.tooltip.is-placed')).toHaveCount(0);
  await expectTooltipInside(page, 'Delete');
  await axe(page);
  await page.screenshot({ path: path.join(SHOTS, 'tooltip-desktop.png'), animations: 'disabled' });
  // Leaving hides it.
  await page.mouse.move(5, 400);
  await expect(page.locator('.tooltip:not([hidden])')).toHaveCount(0);

  // Keyboard focus shows it too; Escape hides it.
  const buttons = bar.getByRole('button');
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  const before = names.indexOf('Delete') - 1;
  await buttons.nth(before).focus();
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await expectTooltipInside(page, 'Delete');
  await page.keyboard.press('Escape');
  await expect(page.locator('.tooltip:not([hidden])')).toHaveCount(0);

  // On a 390 px phone the tooltip stays inside the viewport.
  await page.setViewportSize(PHONE);
  if (!(await bar.isVisible())) await page.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await bar.getByRole('button', { name: 'Delete' }).hover();
  await expectTooltipInside(page, 'Delete');
  await page.screenshot({ path: path.join(SHOTS, 'tooltip-phone.png'), animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
  await page.mouse.move(5, 400);

  // Enter confirms the confirm dialog, though Cancel has the focus (spec 000 §9).
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await axe(page);
  await shootBoth(page, 'confirm-enter');
  // The delete is held in flight: leaving now warns (spec 000 §4 'Changes might be lost').
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/st/4/jobs/*/files_by_id/*', async (route: Route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await held;
    return route.fallback();
  });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await page.screenshot({
    path: path.join(SHOTS, 'leave-warning-pending-desktop.png'),
    animations: 'disabled',
  });
  const warned = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const leave = await warned;
  expect(leave.type()).toBe('beforeunload');
  await leave.dismiss();
  expect(page.isClosed()).toBe(false);
  // Once the delete is answered, nothing is pending: the file is gone and leaving is quiet.
  release();
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toHaveCount(0, { timeout: 15_000 });
  let isWarnedAgain = false;
  page.on('dialog', (again) => {
    isWarnedAgain = true;
    void again.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(isWarnedAgain).toBe(false);
});

test('the avatar goes to the settings; a new album gets its photos on the create-album-after-more-photos route', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await withBeach(page, 'morephotos');

  // spec 000 §2: clicking the avatar goes to the settings; the chevron beside it has the menu.
  await page.getByRole('link', { name: /^Settings for / }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('menu', { name: /^Account: / })).toBeVisible();
  await axe(page);
  await shootBoth(page, 'avatar-settings-menu');
  await page.keyboard.press('Escape');

  await page.goto('/albums/new/edit/a');
  await page.getByLabel('Album name').fill('Beach days');
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { name: 'Add photos to Beach days' })).toBeVisible();
  await expect(page).toHaveURL(/\/createAlbumAfterMorePhotos\/[\w-]+$/);
  const albumId = Buffer.from(new URL(page.url()).pathname.split('/')[2] ?? '', 'base64url').toString();
  // Step 2 of the two steps, current.
  await expect(page.getByRole('navigation', { name: 'Steps' }).locator('[aria-current="step"]')).toHaveText(
    '2. Add photos',
  );
  // The route stands on its own: a reload shows the same step.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add photos to Beach days' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await axe(page);
  await shootBoth(page, 'create-album-after-more-photos');
  await page
    .getByRole('toolbar', { name: 'Add photos to Beach days' })
    .getByRole('button', { name: 'Add photos' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}$`));
  await expect.poll(() => filesOf(page, albumId), { timeout: 15_000 }).toEqual(['beach.jpg']);
});
