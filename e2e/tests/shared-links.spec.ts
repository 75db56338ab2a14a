import { type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  shootBoth,
  FIXTURES,
  newAccount,
  PDF,
  PHONE,
  uploadFiles,
} from './helpers.ts';

/**
 * Issue #23, "What users expect that is missing": a user who shared two photos by link (with
 * a password) and an album finds both on My shared links, reached from the user menu, with
 * the expiry and the password state; copies a link; stops the share (a visitor then gets
 * share not found) and makes the album private from there (a visitor then gets album not
 * found). A shared album's toolbar copies its /a/{id} link. The owner of an album finds a
 * participant's share of it there too, named with its maker, and stops it. A signed-in
 * visitor's share dialog offers only the file's /albumImage link. Documents is in the side
 * menu; a PDF opens in a new tab.
 */
test.setTimeout(180_000);

/** A browser of its own, signed out. */
async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: DESKTOP })).newPage();
}

const rowOf = (page: Page, heading: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) });

test('my shared links: both kinds listed, a link copied, the share stopped, the album made private', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('links'));

  // Setup the share journeys already drive through the screens: two photos by link (with a
  // password) and a shared album holding one of them.
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  const base64 = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');
  await uploadFiles(page, timeline.id, { copies: 2, base64, mtime: Date.UTC(2024, 5, 10) / 1000 });
  const { files } = await appCall<{ files: { id: string }[] }>(page, 'GET', `/jobs/${timeline.id}/files`);
  expect(files).toHaveLength(2);
  const share = await appCall<{ id: string; expires: number }>(page, 'POST', '/shares', {
    source_job: timeline.id,
    file_uuids: files.map((file) => file.id),
    password: 'open sesame',
  });
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Lake trip', public: 1 });
  await appCall(page, 'POST', `/jobs/${album.id}/copy_files`, {
    source_job: timeline.id,
    file_uuids: [files[0]?.id],
  });
  const shareUrl = `${new URL(page.url()).origin}/share/${share.id}?m=sc`;
  const albumUrl = `${new URL(page.url()).origin}/a/${album.id}`;

  // A shared album's toolbar copies its link (issue #23: not only by e-mail).
  await page.goto(`/albums/${album.id}`);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(albumUrl);
  await shootBoth(page, 'shared-links-album-toolbar');

  // My shared links, from the user menu.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'My shared links' }).click();
  await expect(page).toHaveURL(/\/settings\/shared-links$/);
  await expect(page.getByRole('heading', { name: 'My shared links', level: 1 })).toBeVisible();
  const shareRow = rowOf(page, 'Share of 2 files');
  const albumRow = rowOf(page, 'Lake trip');
  await expect(shareRow.getByRole('textbox', { name: 'Link' })).toHaveValue(shareUrl);
  await expect(albumRow.getByRole('textbox', { name: 'Link' })).toHaveValue(albumUrl);
  // Expiry 30 days on (spec 000 §9), the album's never; the share's password set.
  const expiry = new Date(share.expires * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  await expect(shareRow.getByText(expiry)).toBeVisible();
  await expect(shareRow.getByText('Set', { exact: true })).toBeVisible();
  await expect(albumRow.getByText('Never', { exact: true })).toBeVisible();
  await expect(albumRow.getByText('None', { exact: true })).toBeVisible();
  await expect(shareRow.getByText('You', { exact: true })).toBeVisible();
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'shared-links');

  await shareRow.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

  // Stop sharing: behind a confirm; a visitor then gets share not found.
  await shareRow.getByRole('button', { name: 'Stop sharing' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop sharing?' });
  await expect(stop).toContainText('Anyone with the link will no longer see the 2 files.');
  await axe(page, '[role="dialog"]', { contrast: true });
  await shootBoth(page, 'shared-links-stop');
  await stop.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('Sharing stopped')).toBeVisible();
  await expect(shareRow).toHaveCount(0);
  const late = await visitor(browser);
  await late.goto(shareUrl);
  await expect(late.getByRole('heading', { name: 'Share not found' })).toBeVisible();

  // The album's link: made private from here, visitors lose access.
  await albumRow.getByRole('button', { name: 'Stop sharing' }).click();
  const makePrivate = page.getByRole('dialog', { name: 'Make the album private?' });
  await expect(makePrivate).toContainText('Visitors with the link lose access to “Lake trip”');
  await axe(page, '[role="dialog"]', { contrast: true });
  await shootBoth(page, 'shared-links-private');
  await makePrivate.getByRole('button', { name: 'Make private' }).click();
  await expect(page.getByText('The album is now private')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No shared links' })).toBeVisible();
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'shared-links-empty');
  await late.goto(albumUrl);
  await expect(late.getByRole('heading', { name: 'Album not found' })).toBeVisible();
});

/** A signed-in browser of its own: a new account named `name`. */
async function member(browser: Browser, name: string): Promise<Page> {
  const page = await visitor(browser);
  await page.goto('/');
  await createAccount(page, { ...newAccount(name.split(' ')[0] ?? 'user'), name });
  return page;
}

test("shared-links page stopping a participant's re-share", async ({ browser }) => {
  // Olga shares an album with Pat, who makes a share of a photo of it (issue #23).
  const owner = await member(browser, 'Olga Owner');
  const album = await appCall<{ id: string }>(owner, 'POST', '/jobs', { name: 'Fjord', public: 1 });
  const base64 = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');
  await uploadFiles(owner, album.id, { copies: 1, base64, mtime: Date.UTC(2024, 6, 1) / 1000 });
  const { files } = await appCall<{ files: { id: string }[] }>(owner, 'GET', `/jobs/${album.id}/files`);
  const participant = await member(browser, 'Pat Participant');
  await appCall(participant, 'POST', `/jobs/${album.id}/subscribe`);
  const share = await appCall<{ id: string }>(participant, 'POST', '/shares', {
    source_job: album.id,
    file_uuids: [files[0]?.id],
  });
  const shareUrl = `${new URL(owner.url()).origin}/share/${share.id}?m=sc`;
  const recipient = await visitor(browser);
  await recipient.goto(shareUrl);
  await expect(recipient.getByRole('heading', { name: /Pat Participant/ })).toBeVisible();

  // Olga finds it on her shared links, named with its maker and her album.
  await owner.goto('/settings/shared-links');
  await expect(owner.getByRole('heading', { name: 'My shared links', level: 1 })).toBeVisible();
  const reShare = rowOf(owner, 'Share of 1 file');
  await expect(reShare.getByRole('definition').filter({ hasText: 'Pat Participant' })).toBeVisible();
  await expect(reShare.getByRole('definition').filter({ hasText: 'Fjord' })).toBeVisible();
  await expect(reShare.locator('img')).toHaveCount(1);
  await axe(owner, undefined, { contrast: true });
  await shootBoth(owner, 'shared-links-re-share');

  // She stops it: the share then answers as a missing one does.
  await reShare.getByRole('button', { name: 'Stop sharing' }).click();
  const stop = owner.getByRole('dialog', { name: 'Stop sharing?' });
  await expect(stop).toContainText('Anyone with the link will no longer see the file.');
  await stop.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(owner.getByText('Sharing stopped')).toBeVisible();
  await expect(reShare).toHaveCount(0);
  await recipient.reload();
  await expect(recipient.getByRole('heading', { name: 'Share not found' })).toBeVisible();
  await participant.goto(shareUrl);
  await expect(participant.getByRole('heading', { name: 'Share not found' })).toBeVisible();
});

test("a signed-in visitor's share dialog offers the file's link only", async ({ browser }) => {
  const owner = await member(browser, 'Olga Owner');
  const album = await appCall<{ id: string }>(owner, 'POST', '/jobs', { name: 'Harbour', public: 1 });
  const base64 = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');
  await uploadFiles(owner, album.id, { copies: 1, base64, mtime: Date.UTC(2024, 6, 2) / 1000 });
  const { files } = await appCall<{ files: { id: string }[] }>(owner, 'GET', `/jobs/${album.id}/files`);
  const fileId = files[0]?.id ?? '';

  // Vic is signed in and holds the album's link, but takes no part in it.
  const guest = await member(browser, 'Vic Visitor');
  await guest.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await guest.goto(`/comments/${album.id}/${fileId}`);
  await guest.getByRole('button', { name: 'Share' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Share 1 file' });
  await expect(dialog.getByRole('button')).toHaveText(['Copy link', 'More options', 'Close']);
  await expect(dialog).toContainText('As a visitor you can share a link to this file in the album.');
  await axe(guest, '[role="dialog"]', { contrast: true });
  await shootBoth(guest, 'share-dialog-visitor-link-only');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(guest.getByText('Link copied')).toBeVisible();
  const link = `${new URL(guest.url()).origin}/albumImage/${album.id}/${fileId}`;
  expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(link);
  // The dialog stays inside a phone's screen.
  await guest.setViewportSize(PHONE);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
});

test('Documents is in the side menu, and a PDF opens in a new tab', async ({ page }) => {
  await page.goto('/');
  await createAccount(page, newAccount('docs-open'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Documents' })).toBeVisible();
  // Judged once the panel has faded in: mid-fade colours are not the menu's.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
  await axe(page, '[role="dialog"]', { contrast: true });
  await shootBoth(page, 'shared-links-side-menu');
  await page.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();

  await page
    .getByLabel('Upload documents')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('1 file uploaded', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  const [tab, opened] = await Promise.all([
    page.waitForEvent('popup'),
    page.context().waitForEvent('request', (request) => request.url().includes('/files_by_id/')),
    page.getByRole('link', { name: 'plan.pdf' }).click(),
  ]);
  // A tab of its own, asking for the signed original inline (the server keeps anything but
  // PDF and images an attachment).
  expect(opened.frame().page()).toBe(tab);
  expect(opened.url()).toMatch(/\/st\/4\/jobs\/[^/]+\/files_by_id\/[^?]+\?.*sig=.*&disposition=inline$/);
  // Opening is not selecting.
  await expect(page.getByRole('toolbar')).toHaveCount(0);
});
