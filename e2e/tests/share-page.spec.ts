import { type Browser, type Download, type Page } from '@playwright/test';
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
  PDF,
  SERVER_FIXTURES,
  shoot,
  SHOTS,
} from './helpers.ts';

/**
 * Issue #15, the receiving side of a share (spec 000 §2 Share page, §5, §6, §8): a share made
 * through the API by one user opens by its link in another browser, signed out: the grid of
 * pictures, the document as a download chip, the whole share as one zip; a share with a
 * password refuses a wrong one and opens with the right one; Add to my photos asks the
 * visitor to sign in and, once they have an account, adds the files to their timeline; the
 * owner stops sharing and both see share not found. Then /selectPhotos, opened by a page of
 * the app, hands the link of the chosen photo back to it. axe on each page, desktop and phone.
 */
test.setTimeout(180_000);

const SAVED = path.join(SHOTS, '..', 'downloads');

async function person(browser: Browser, label: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount(label));
  return page;
}

async function stranger(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  return context.newPage();
}

/** The names of a zip's entries (`unzip -t` must pass: every CRC checks out). */
function zipEntries(download: string): string[] {
  expect(execFileSync('unzip', ['-t', download], { encoding: 'utf8' })).toContain('No errors detected');
  const script =
    'import json, sys, zipfile; print(json.dumps(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))';
  return JSON.parse(execFileSync('python3', ['-c', script, download], { encoding: 'utf8' })) as string[];
}

async function save(download: Download): Promise<string> {
  fs.mkdirSync(SAVED, { recursive: true });
  const file = path.join(SAVED, `${String(Date.now())}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

/** Uploads two photos to the timeline and a PDF to the documents; answers the timeline and its file ids by name. */
async function seedFiles(owner: Page): Promise<{ timeline: string; ids: Record<string, string> }> {
  await owner.goto('/photos');
  await owner
    .getByLabel('Add photos')
    .setInputFiles([path.join(FIXTURES, 'beach.jpg'), path.join(SERVER_FIXTURES, 'photo-exif.jpg')]);
  const panel = owner.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText(/2 files uploaded/, { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  await owner.goto('/documents');
  await owner
    .getByLabel('Upload documents')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('status')).toHaveText(/1 file uploaded/, { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  const timeline = (await appCall<{ id: string }>(owner, 'GET', '/jobs/default')).id;
  const photos = await appCall<{ files: { id: string; name: string }[] }>(
    owner,
    'GET',
    `/jobs/${timeline}/files`,
  );
  const documents = await appCall<{ files: { id: string; name: string }[] }>(
    owner,
    'GET',
    `/jobs/${timeline}/documents`,
  );
  const ids = Object.fromEntries([...photos.files, ...documents.files].map((file) => [file.name, file.id]));
  expect(Object.keys(ids).sort()).toEqual(['beach.jpg', 'photo-exif.jpg', 'plan.pdf']);
  return { timeline, ids };
}

test('a share by its link: grid, document chip, zip, password, add to my photos, stop sharing', async ({
  browser,
}) => {
  const owner = await person(browser, 'sharer');
  const { timeline, ids } = await seedFiles(owner);
  const share = await appCall<{ id: string }>(owner, 'POST', '/shares', {
    source_job: timeline,
    file_uuids: Object.values(ids),
  });

  // Signed out, in another browser; the link's marker is dropped from the address.
  const visitor = await stranger(browser);
  await visitor.goto(`/share/${share.id}?m=sc`);
  await expect(visitor.getByRole('heading', { name: 'Nora Newcomer shared 3 files with you' })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/share/${share.id}$`));
  await expect(visitor.getByText(/^Available until /)).toBeVisible();
  const grid = visitor.getByRole('list', { name: 'Photos and videos' });
  await expect(grid.getByRole('button', { name: 'Open beach.jpg' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Open photo-exif.jpg' })).toBeVisible();
  await expect
    .poll(() =>
      grid
        .locator('img')
        .evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true]);
  const chip = visitor.getByRole('link', { name: /^Download plan\.pdf \d/ });
  await expect(chip).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
  await shoot(visitor, 'share-page-visitor', { mobile: true });
  await axe(visitor);

  // The document chip downloads the PDF itself; Download, the whole share as one zip.
  const [pdf] = await Promise.all([visitor.waitForEvent('download'), chip.click()]);
  expect(pdf.suggestedFilename()).toBe('plan.pdf');
  expect(
    fs
      .readFileSync(await save(pdf))
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [zip] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('Shared by Nora Newcomer.zip');
  expect(zipEntries(await save(zip))).toEqual(['beach.jpg', 'photo-exif.jpg', 'plan.pdf']);

  // A picture full screen.
  await grid.getByRole('button', { name: 'Open beach.jpg' }).click();
  const viewer = visitor.getByRole('dialog', { name: 'beach.jpg' });
  await expect(viewer.getByRole('img', { name: 'beach.jpg' })).toBeVisible();
  await shoot(visitor, 'share-page-lightbox', { mobile: true });
  await axe(visitor, '.share-lightbox');
  await visitor.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A share with a password: a wrong one, then the right one (sent as entered).
  const locked = await appCall<{ id: string }>(owner, 'POST', '/shares', {
    source_job: timeline,
    file_uuids: [ids['beach.jpg']],
    password: ' fjord 2026',
  });
  await visitor.goto(`/share/${locked.id}`);
  await expect(visitor.getByRole('heading', { name: 'These files are password protected' })).toBeVisible();
  await visitor.getByLabel('Password').fill('fjord 2026');
  await visitor.getByRole('button', { name: 'Show files' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Incorrect password');
  await shoot(visitor, 'share-page-password', { mobile: true });
  await axe(visitor);
  await visitor.getByLabel('Password').fill(' fjord 2026');
  await visitor.getByRole('button', { name: 'Show files' }).click();
  await expect(visitor.getByRole('heading', { name: 'Nora Newcomer shared 1 photo with you' })).toBeVisible();

  // Add to my photos, signed out: an account first, then the copy runs by itself.
  await visitor.goto(`/share/${share.id}`);
  await visitor.getByRole('link', { name: 'Add to my photos' }).click();
  await expect(visitor).toHaveURL(/\/login\?redir=/);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor).toHaveURL(/\/signin\?/);
  const receiver = newAccount('receiver');
  await visitor.getByLabel('Name').fill('Rita Receiver');
  await visitor.getByLabel('E-mail').fill(receiver.email);
  await visitor.getByLabel('Password').fill(receiver.password);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/share/${share.id}/copyShare$`));
  await expect(visitor.getByRole('heading', { name: '3 files added to your photos' })).toBeVisible({
    timeout: 15_000,
  });
  await shoot(visitor, 'share-page-copied', { mobile: true });
  await axe(visitor);
  await visitor.getByRole('main').getByRole('link', { name: 'Go to my photos' }).click();
  await expect(visitor.getByRole('img', { name: 'beach.jpg' })).toBeVisible({ timeout: 15_000 });

  // The owner sees their share and stops it after the question; both then see share not found.
  await owner.goto(`/share/${share.id}`);
  await expect(owner.getByRole('heading', { name: 'You shared 3 files' })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Add to my photos' })).toHaveCount(0);
  await shoot(owner, 'share-page-owner', { mobile: true });
  await axe(owner);
  await owner.getByRole('button', { name: 'Stop sharing' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Stop sharing these files?' });
  await shoot(owner, 'share-page-stop-confirm');
  await axe(owner, '.dialog');
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(owner.getByRole('heading', { name: 'Share not found' })).toBeVisible();
  await axe(owner);
  const gone = await stranger(browser);
  await gone.goto(`/share/${share.id}`);
  await expect(gone.getByRole('heading', { name: 'Share not found' })).toBeVisible();
  await expect(gone.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shoot(gone, 'share-page-not-found', { mobile: true });
  await axe(gone);
});

test('/selectPhotos: a page of the app opens it, the user picks within the maximum, the link comes back', async ({
  browser,
}) => {
  const owner = await person(browser, 'picker');
  await seedFiles(owner);
  await owner.goto('/photos');
  // The caller: a page of this origin listening for the answer.
  await owner.evaluate(() => {
    (window as unknown as { answers: unknown[] }).answers = [];
    window.addEventListener('message', (event) => {
      if (event.origin === window.location.origin)
        (window as unknown as { answers: unknown[] }).answers.push(event.data);
    });
  });
  const [popup] = await Promise.all([
    owner.context().waitForEvent('page'),
    owner.evaluate(() => {
      window.open('/selectPhotos?max=1', 'trove-select', 'width=1100,height=800');
    }),
  ]);
  await popup.setViewportSize(DESKTOP);
  const bar = popup.getByRole('toolbar', { name: 'Choose photos to share' });
  await popup.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await popup.getByRole('checkbox', { name: 'Select photo-exif.jpg' }).click();
  // spec 000 §5: above the maximum, Next is off, the counter red, and the limit prompt says so.
  await expect(popup.getByRole('dialog', { name: 'Too many photos selected' })).toBeVisible();
  await shoot(popup, 'select-photos-over-max');
  await axe(popup, '.dialog');
  await popup.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(bar.getByRole('button', { name: 'Next' })).toBeDisabled();
  await popup.getByRole('checkbox', { name: 'Select photo-exif.jpg' }).click();
  await expect(bar.getByText('1 selected')).toBeVisible();
  await shoot(popup, 'select-photos-picker', { mobile: true });
  await axe(popup);
  await bar.getByRole('button', { name: 'Next' }).click();

  await expect(popup.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  const shareId = decodeURIComponent(new URL(popup.url()).pathname.split('/').at(-1) ?? '');
  const url = `${new URL(popup.url()).origin}/share/${shareId}`;
  await expect(popup.getByLabel('Link')).toHaveValue(url);
  await expect(popup.getByText('The link was handed to the page that asked for it.')).toBeVisible();
  await shoot(popup, 'select-photos-done', { mobile: true });
  await axe(popup);
  await expect
    .poll(() => owner.evaluate(() => (window as unknown as { answers: unknown[] }).answers))
    .toEqual([{ type: 'trove:selectPhotos', shareId, url }]);
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Close window' })
      .click()
      .catch((error: unknown) => {
        // The click closes the window: Playwright may report that closing as the click's failure.
        if (!popup.isClosed()) throw error;
      }),
  ]);

  // The link opens the one photo chosen.
  await owner.goto(url);
  await expect(owner.getByRole('heading', { name: 'You shared 1 photo' })).toBeVisible();
});

test('/albumImage: one file of a shared album, full size, for a visitor', async ({ browser }) => {
  const owner = await person(browser, 'album-owner');
  const { timeline, ids } = await seedFiles(owner);
  const album = await appCall<{ id: string }>(owner, 'POST', '/jobs', { name: 'Fjord days', public: 1 });
  const copy = await appCall<{ results: { file_uuid: string; new_uuid: string }[] }>(
    owner,
    'POST',
    `/jobs/${album.id}/copy_files`,
    { source_job: timeline, file_uuids: [ids['beach.jpg']] },
  );
  const fileId = copy.results[0]?.new_uuid ?? '';

  const visitor = await stranger(browser);
  await visitor.goto(`/albumImage/${album.id}/${fileId}`);
  await expect(visitor.getByRole('heading', { name: 'beach.jpg', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'From the album Fjord days' })).toHaveAttribute(
    'href',
    `/a/${album.id}`,
  );
  const picture = visitor.getByRole('img', { name: 'beach.jpg' });
  await expect
    .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await shoot(visitor, 'album-image', { mobile: true });
  await axe(visitor);
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('beach.jpg');
  // Add to my photos is the album's own login-gated copy of one file.
  await visitor.getByRole('link', { name: 'Add to my photos' }).click();
  await expect(visitor).toHaveURL(/\/login\?redir=/);

  // A file not in the album says so.
  await visitor.goto(`/albumImage/${album.id}/${ids['plan.pdf']}`);
  await expect(visitor.getByRole('heading', { name: 'This file is no longer in the album.' })).toBeVisible();
  await axe(visitor);
});
