import { type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  axe,
  createAccount,
  DESKTOP,
  FIXTURES,
  mailTo,
  namedFile,
  newAccount,
  PDF,
  SERVER_FIXTURES,
  shoot,
  SHOTS,
} from './helpers.ts';

/**
 * Issue #15, the whole journey through the screens: a user selects three photos on the
 * timeline and shares them by link (and a PDF from the documents); the link opens signed out
 * in another browser, the zip downloads and unzips to the three photos; the visitor signs up
 * from "Add to my photos" and finds them in their own timeline; the same photos shared by
 * e-mail arrive at a real SMTP server (e2e's sink, playwright.config.ts) with a link that
 * opens them; the owner stops sharing and the link shows share not found.
 */
test.setTimeout(240_000);

const SAVED = path.join(SHOTS, '..', 'downloads');
const PHOTOS = ['beach.jpg', 'IMG_2023.jpg', 'harbour.png'];

/** An axe check of the whole page, contrast too. */
const axePage = (page: Page) => axe(page, undefined, { contrast: true });

/** A browser of its own, signed out. */
async function signedOut(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  return context.newPage();
}

/** Selects the named tiles of the timeline and opens Share from the selection bar. */
async function shareFromTimeline(page: Page, names: readonly string[]) {
  await page.goto('/photos');
  for (const name of names) {
    await page.locator('.tile-frame', { has: page.locator(`img[alt="${name}"]`) }).hover();
    await page.getByRole('checkbox', { name: `Select ${name}` }).click();
  }
  const bar = page.getByRole('toolbar', { name: `${String(names.length)} selected` });
  await bar.getByRole('button', { name: 'Share' }).click();
  return page.getByRole('dialog', { name: `Share ${String(names.length)} files` });
}

/** Copy link in the open share dialog: the link from the clipboard. */
async function copyLink(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<string> {
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{32}\?m=sc$/);
  await page.keyboard.press('Escape');
  return link;
}

test('select three photos and a PDF, share by link and by e-mail, add to a timeline, stop sharing', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await createAccount(owner, newAccount('journey'));
  await owner
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
      namedFile('harbour.png', path.join(SERVER_FIXTURES, 'alpha.png'), 'image/png'),
    ]);
  for (const name of PHOTOS)
    await expect(owner.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 30_000 });
  const panel = owner.getByRole('region', { name: 'Uploads' });
  await panel.getByRole('button', { name: 'Close' }).click();

  // Three photos from the timeline, by link (marker sc).
  const photosLink = await copyLink(owner, await shareFromTimeline(owner, PHOTOS));

  // The PDF from the documents: the timeline never shows documents (spec 000 §5), so they
  // are chosen on their own screen, with the same dialog.
  await owner.goto('/documents');
  await owner
    .getByLabel('Upload documents')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('status')).toHaveText(/1 file uploaded/, { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  await owner.getByRole('checkbox', { name: 'Select plan.pdf' }).check();
  await owner.getByRole('toolbar', { name: '1 selected' }).getByRole('button', { name: 'Share' }).click();
  const documentLink = await copyLink(owner, owner.getByRole('dialog', { name: 'Share 1 file' }));

  // Signed out, in another browser: the three photos, then the whole share as one zip.
  const visitor = await signedOut(browser);
  await visitor.goto(photosLink);
  await expect(
    visitor.getByRole('heading', { name: 'Nora Newcomer shared 3 photos with you' }),
  ).toBeVisible();
  const grid = visitor.getByRole('list', { name: 'Photos and videos' });
  for (const name of PHOTOS) await expect(grid.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  await shoot(visitor, 'share-journey-visitor', { mobile: true });
  await axePage(visitor);
  const [zip] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download' }).click(),
  ]);
  fs.mkdirSync(SAVED, { recursive: true });
  const saved = path.join(SAVED, `journey-${String(Date.now())}.zip`);
  await zip.saveAs(saved);
  expect(execFileSync('unzip', ['-t', saved], { encoding: 'utf8' })).toContain('No errors detected');
  const entries = execFileSync('unzip', ['-Z1', saved], { encoding: 'utf8' }).trim().split('\n').sort();
  expect(entries).toEqual([...PHOTOS].sort());

  // The PDF's share: a download chip.
  await visitor.goto(documentLink);
  await expect(visitor.getByRole('link', { name: /^Download plan\.pdf \d/ })).toBeVisible();
  await shoot(visitor, 'share-journey-document', { mobile: true });

  // Add to my photos: sign up first, then the copy runs, and the photos are in their timeline.
  await visitor.goto(photosLink);
  await visitor.getByRole('link', { name: 'Add to my photos' }).click();
  await expect(visitor).toHaveURL(/\/login\?redir=/);
  await createAccountFromLogin(visitor);
  await expect(visitor.getByRole('heading', { name: '3 files added to your photos' })).toBeVisible({
    timeout: 20_000,
  });
  await visitor.getByRole('main').getByRole('link', { name: 'Go to my photos' }).click();
  for (const name of PHOTOS)
    await expect(visitor.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 20_000 });
  await shoot(visitor, 'share-journey-added', { mobile: true });

  // By e-mail: the message reaches the SMTP server with a link (marker se) that opens the share.
  const friend = `friend-${String(Date.now())}@example.com`;
  const dialog = await shareFromTimeline(owner, PHOTOS);
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  const email = owner.getByRole('dialog', { name: 'Send by e-mail' });
  await email.getByLabel('To').fill(friend);
  await email.getByLabel('Subject').fill('Photos from the coast');
  await email.getByLabel('Message (optional)').fill('The three best ones.');
  await email.getByRole('button', { name: 'Done' }).click();
  await expect(owner.getByText('E-mail sent')).toBeVisible();
  const mail = await mailTo(friend);
  expect(mail.subject).toBe('Photos from the coast');
  expect(mail.text).toContain('The three best ones.');
  const mailed = /https?:\/\/\S+\/share\/[A-Za-z0-9_-]{32}\?m=se/.exec(mail.text)?.[0] ?? '';
  expect(mailed).not.toBe('');
  expect(mail.html).toContain(mailed.replaceAll('&', '&amp;'));
  const reader = await signedOut(browser);
  await reader.goto(mailed);
  await expect(reader.getByRole('heading', { name: 'Nora Newcomer shared 3 photos with you' })).toBeVisible();
  await expect(reader).toHaveURL(/\/share\/[A-Za-z0-9_-]{32}$/);
  await shoot(reader, 'share-journey-from-email');

  // The owner stops sharing the link: it shows share not found, to them and to the visitor.
  await owner.goto(photosLink);
  await owner.getByRole('button', { name: 'Stop sharing' }).click();
  await owner
    .getByRole('dialog', { name: 'Stop sharing these files?' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await expect(owner.getByRole('heading', { name: 'Share not found' })).toBeVisible();
  const late = await signedOut(browser);
  await late.goto(photosLink);
  await expect(late.getByRole('heading', { name: 'Share not found' })).toBeVisible();
  await shoot(late, 'share-journey-stopped', { mobile: true });
  await axePage(late);
  // The e-mailed share is another one: it still opens.
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Nora Newcomer shared 3 photos with you' })).toBeVisible();
});

/** On the login page: Create account → the identity provider's form → back where it was going. */
async function createAccountFromLogin(page: Page): Promise<void> {
  const account = newAccount('receiver');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByLabel('Name').fill('Rita Receiver');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}
