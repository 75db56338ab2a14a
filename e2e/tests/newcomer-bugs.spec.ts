import { type Browser, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  SHOTS,
  uploadFiles,
} from './helpers.ts';

/**
 * Issue #23: the bugs a newcomer hit in an afternoon with the web app, each reproduced here
 * as it was met and kept as its regression test.
 */
test.setTimeout(120_000);

/** The phone the newcomer used (issue #23). */
const PHONE = { width: 390, height: 844 };
const BEACH = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');

async function person(browser: Browser, label: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount(label));
  return page;
}

/** Screenshots of the current state at desktop and at phone width, for people to look at. */
async function shootBoth(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.join(SHOTS, `newcomer-${name}-${suffix}.png`),
      animations: 'disabled',
    });
  }
  await page.setViewportSize(before);
}

/** Fails unless the whole of `locator` is inside the viewport. */
async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  await expect(async () => {
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }).toPass({ timeout: 5000 });
}

test('2. every menu opens inside the viewport of a 390 px phone, and works by keyboard', async ({
  browser,
}) => {
  const page = await person(browser, 'menus', PHONE);
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Phone menus' });
  await uploadFiles(page, album.id, [{ name: 'beach.jpg', base64: BEACH, mtime: 1_700_000_000 }]);
  await page.goto(`/albums/${album.id}`);

  // The album options: the owner's password, privacy and delete (x = -184 px before).
  const options = page.getByRole('button', { name: 'Album options' });
  await options.click();
  const albumMenu = page.getByRole('menu', { name: 'Album options' });
  await expectInViewport(page, albumMenu);
  await expect(albumMenu.getByRole('menuitem', { name: 'Delete album' })).toBeVisible();
  await shootBoth(page, 'album-options');
  await axe(page);
  // By keyboard: Escape closes it and gives the button its focus back; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(albumMenu).toBeHidden();
  await expect(options).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(albumMenu.getByRole('menuitemcheckbox').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(albumMenu.getByRole('menuitem', { name: 'Delete album' })).toBeFocused();
  await page.keyboard.press('Escape');

  // The file menu, opened at the right edge of a tile.
  const tile = page.locator('.tile').first();
  // A scroll closes a context menu (it would float away from its file): scroll first.
  await tile.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  const box = await tile.boundingBox();
  if (!box) throw new Error('no tile');
  await tile.click({ button: 'right', position: { x: box.width - 2, y: box.height - 2 } });
  const fileMenu = page.getByRole('menu', { name: /beach\.jpg/ });
  await expectInViewport(page, fileMenu);
  // A resize closes it too: the phone only.
  await page.screenshot({ path: path.join(SHOTS, 'newcomer-file-menu-phone.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(fileMenu).toBeHidden();

  // The user menu in the top bar.
  await page.getByRole('button', { name: /^Account: / }).click();
  const userMenu = page.getByRole('menu', { name: /^Account: / });
  await expectInViewport(page, userMenu);
  await axe(page);
  await shootBoth(page, 'user-menu');
});

test('9. an empty file is refused as empty, not as an unsupported type', async ({ browser }) => {
  const page = await person(browser, 'empty');
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
    { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(BEACH, 'base64') },
  ]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('Some files did not upload', { timeout: 30_000 });
  const showFiles = panel.getByRole('button', { name: 'Show files' });
  if (await showFiles.isVisible()) await showFiles.click();
  const empty = panel.getByRole('listitem').filter({ hasText: 'empty.jpg' });
  await expect(empty).toContainText('This file is empty');
  await expect(empty).not.toContainText('not supported');
  await axe(page);
  await shootBoth(page, 'empty-file');
});

test('12. the devices list names the browser and system, not "Trove Web"', async ({ browser }) => {
  const page = await person(browser, 'devices');
  await page.goto('/settings/devices');
  await expect(page.getByRole('heading', { name: 'Connected devices' })).toBeVisible();
  // Debian's Chromium on Linux (Client Hints name it Chromium, or Chrome).
  await expect(page.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
    /^Chrom(e|ium) on Linux/,
  );
  await expect(page.getByText('Trove Web')).toHaveCount(0);
  await axe(page);
  await shootBoth(page, 'devices');
});

test('6. takeout downloads documents too, and its button starts the download', async ({ browser }) => {
  const page = await person(browser, 'takeout');
  await page.goto('/documents');
  await page
    .getByLabel('Upload documents')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Cabin notes\n') }]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('1 file uploaded', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  await uploadFiles(page, timeline.id, [{ name: 'beach.jpg', base64: BEACH, mtime: 1_700_000_000 }]);

  await page.goto('/settings/takeout');
  await expect(page.getByText(/^2 files \(photos, videos and documents\)/)).toBeVisible();
  // One part: the button downloads it (it only listed it before), documents included.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your library' }).click(),
  ]);
  const file = path.join(SHOTS, '..', `newcomer-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const entries = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').sort();
  expect(entries).toEqual(['Trove/beach.jpg', 'Trove/notes.txt']);
  await expect(page.getByText('Everything fits in one zip file: its download has started.')).toBeVisible();
  await axe(page);
  await shootBoth(page, 'takeout');
});

test('11. the page of a deleted album offers its owner Restore and the trash', async ({ browser }) => {
  const page = await person(browser, 'restore');
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Oops' });
  await uploadFiles(page, album.id, [{ name: 'beach.jpg', base64: BEACH, mtime: 1_700_000_000 }]);
  await appCall(page, 'DELETE', `/jobs/${album.id}`);

  // The link of the album, /a/{id}, as its owner: deleted, with the way back.
  await page.goto(`/a/${album.id}`);
  await expect(page.getByRole('link', { name: 'Go to Deleted items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore album' })).toBeVisible();
  await axe(page);

  await page.goto(`/albums/${album.id}`);
  await expect(page.getByRole('heading', { name: 'This album was deleted' })).toBeVisible();
  const restore = page.getByRole('button', { name: 'Restore album' });
  await expect(restore).toBeVisible();
  await axe(page);
  await shootBoth(page, 'deleted-album');
  // By keyboard.
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Album name' })).toHaveValue('Oops');
  await expect(page.getByText('1 item')).toBeVisible();
});

test('1. a video opens in the viewer as soon as it is uploaded, without a reload', async ({ browser }) => {
  const page = await person(browser, 'video');
  // Its file time is now; once processed, the video is dated by its own creation time
  // (May 2024), so it moves to another month of the timeline.
  await page.getByLabel('Add photos').setInputFiles(path.join(SERVER_FIXTURES, 'clip.mp4'));
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('1 file uploaded', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  const tile = page.locator('a.tile', { has: page.getByRole('img', { name: 'clip.mp4' }) });
  await expect(tile).toBeVisible();
  // Processed meanwhile (the newcomer looked at the grid a moment before clicking).
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  await expect
    .poll(
      async () =>
        (await appCall<{ files: { media_status: string }[] }>(page, 'GET', `/jobs/${timeline.id}/files`))
          .files[0]?.media_status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  await tile.first().click();
  await expect(page.getByText('This photo is no longer in your timeline.')).toHaveCount(0);
  await expect(page.locator('video')).toBeVisible({ timeout: 15_000 });
  await axe(page);
  await shootBoth(page, 'video-viewer');
});

/** Whether the image `img` shows (loaded, not broken). */
function isShown(img: Locator): Promise<boolean> {
  return img.evaluate((element) => {
    const image = element as HTMLImageElement;
    return image.complete && image.naturalWidth > 0;
  });
}

test('3. the album cover stays whole when another member adds a photo', async ({ browser }) => {
  const owner = await person(browser, 'cover-owner');
  const album = await appCall<{ id: string }>(owner, 'POST', '/jobs', { name: 'Cover cabin', public: 1 });
  await uploadFiles(owner, album.id, [{ name: 'beach.jpg', base64: BEACH, mtime: 1_700_000_000 }]);
  await owner.goto(`/albums/${album.id}`);
  const cover = owner.locator('.album-view__cover img');
  await expect.poll(() => isShown(cover), { timeout: 15_000 }).toBe(true);

  const member = await person(browser, 'cover-member');
  await appCall(member, 'POST', `/jobs/${album.id}/subscribe`);
  const photo = fs.readFileSync(path.join(SERVER_FIXTURES, 'photo-exif.jpg')).toString('base64');
  await uploadFiles(member, album.id, [{ name: 'harbour.jpg', base64: photo, mtime: 1_700_000_100 }]);
  // The owner's open album shows the new photo without a reload, the cover whole.
  await expect(owner.getByText('2 items')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => isShown(cover), { timeout: 15_000 }).toBe(true);
  await owner.goto('/albums');
  const tileCover = owner
    .locator('img')
    .filter({ has: owner.locator(':scope') })
    .first();
  await expect.poll(() => isShown(tileCover), { timeout: 15_000 }).toBe(true);
  await owner.goto(`/albums/${album.id}`);
  await expect.poll(() => isShown(cover), { timeout: 15_000 }).toBe(true);
  await shootBoth(owner, 'album-cover');
});

test('4, 10. a visitor types a comment, names themselves on sending, moves along the album; loves toggle', async ({
  browser,
}) => {
  const owner = await person(browser, 'guest-owner');
  const album = await appCall<{ id: string }>(owner, 'POST', '/jobs', { name: 'Guest cabin', public: 1 });
  await uploadFiles(owner, album.id, { copies: 2, base64: BEACH, mtime: 1_700_000_000 });
  const files = await appCall<{ files: { id: string }[] }>(owner, 'GET', `/jobs/${album.id}/files`);
  const [first, second] = files.files.map((file) => file.id);
  if (!first || !second) throw new Error('two files expected');

  const context = await browser.newContext({ viewport: DESKTOP });
  const visitor = await context.newPage();
  await visitor.goto(`/comments/${album.id}/${first}`);
  const panel = visitor.getByRole('complementary', { name: 'Comments' });
  const input = panel.getByRole('textbox', { name: 'Add a comment' });
  // Focus and typing ask nothing: every keystroke stays in the comment.
  await input.click();
  await visitor.keyboard.type('What a view');
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  await expect(input).toHaveValue('What a view');
  // Sending asks who is commenting; the comment is posted under the name given.
  await visitor.keyboard.press('Enter');
  const prompt = visitor.getByRole('dialog', { name: 'Who is commenting?' });
  await expect(prompt).toBeVisible();
  await axe(visitor, '[role="dialog"]');
  await shootBoth(visitor, 'guest-prompt');
  await prompt.getByLabel('Your name').fill('Gunnar');
  await prompt.getByRole('button', { name: 'Comment as Gunnar' }).click();
  await expect(panel.getByText('What a view')).toBeVisible();
  await expect(panel.getByText('Gunnar')).toBeVisible();
  await expect(input).toHaveValue('');

  // A visitor who only loves: asked once, then remembered by this browser, so a second
  // love after a reload toggles it off instead of adding one.
  const loverContext = await browser.newContext({ viewport: DESKTOP });
  const lover = await loverContext.newPage();
  await lover.goto(`/comments/${album.id}/${first}`);
  const lovePanel = lover.getByRole('complementary', { name: 'Comments' });
  const love = lovePanel.getByRole('button', { name: 'Love' });
  await love.click();
  await lover
    .getByRole('dialog', { name: 'Who is commenting?' })
    .getByRole('button', { name: 'Continue as guest' })
    .click();
  const sent = lover.waitForResponse((r) => r.url().includes('/reaction') && r.request().method() === 'POST');
  await expect(lovePanel.getByTestId('love-line')).toHaveText('You love this');
  expect((await sent).ok()).toBe(true);
  await lover.reload();
  await expect(love).toHaveAttribute('aria-pressed', 'true');
  await expect(lovePanel.getByTestId('love-line')).toHaveText('You love this');
  await love.click();
  await expect(love).toHaveAttribute('aria-pressed', 'false');
  await expect(lovePanel.getByTestId('love-line')).toHaveText('');
  await expect(lover.getByRole('dialog')).toHaveCount(0);
  await loverContext.close();

  // Bug 10: along the album and back to it, by keyboard.
  const nav = visitor.getByRole('navigation', { name: 'Album photos' });
  const next = nav.getByRole('link', { name: /^(Next|Previous) photo$/ });
  await expect(next).toHaveCount(1);
  await next.focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(new RegExp(`/comments/${album.id}/${second}$`));
  await axe(visitor);
  await shootBoth(visitor, 'comments-nav');
  await nav.getByRole('button', { name: 'Back to album' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/a/${album.id}$`));
  await context.close();
});
