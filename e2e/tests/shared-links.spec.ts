import { expect, test, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  appCall,
  axe,
  createAccount,
  DESKTOP,
  shootBoth,
  FIXTURES,
  newAccount,
  PDF,
  uploadFiles,
} from './helpers.ts';

/**
 * Issue #23, "What users expect that is missing": a user who shared two photos by link (with
 * a password) and an album finds both on My shared links, reached from the user menu, with
 * the expiry and the password state; copies a link; stops the share (a visitor then gets
 * share not found) and makes the album private from there (a visitor then gets album not
 * found). A shared album's toolbar copies its /a/{id} link. Documents is in the side menu;
 * a PDF opens in a new tab.
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
