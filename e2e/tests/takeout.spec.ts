import { type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  FIXTURES,
  MOBILE,
  namedFile,
  newAccount,
  SERVER_FIXTURES,
  shoot,
  SHOTS,
} from './helpers.ts';

/**
 * Issue #14, the takeout page (spec 000 §2 Takeout, §7 visited markers, §9 parts and sizes):
 * reached from the settings; the stats count the photos and videos and their size; the help
 * opens as a dialog; an album downloads as a zip that unzips, and is marked visited, still
 * after a reload, and as changed once a photo is added to it; the library downloads as its
 * one part; an empty album is not listed; a phone gets the note. Checked by axe.
 */
test.setTimeout(120_000);

/** The names in a zip the page downloads with `start`, after `unzip -t` found every entry intact. */
async function zipOf(page: Page, start: () => Promise<void>): Promise<{ name: string; entries: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = path.join(SHOTS, '..', `takeout-${download.suggestedFilename()}`);
  await download.saveAs(file);
  expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
  const listing = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), entries: listing.trim().split('\n').sort() };
}

/** Bytes as the page writes them (spec 000 §9: Bytes, KB, MB, GB, base 1024). */
function sizeText(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)} ${units[unit] ?? ''}`;
}

test('takeout: stats, help, an album and the library as zips, visited markers, phone note', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('takeout'));

  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('photo-exif.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
      namedFile('harbour.png', path.join(SERVER_FIXTURES, 'alpha.png'), 'image/png'),
    ]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('3 files uploaded', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();

  // The albums are made through the API: the album journeys drive their screens.
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  const listed = await appCall<{ files: { id: string; name: string }[] }>(
    page,
    'GET',
    `/jobs/${timeline.id}/files`,
  );
  const byName = new Map(listed.files.map((file) => [file.name, file.id]));
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Cabin trip' });
  await appCall(page, 'POST', `/jobs/${album.id}/copy_files`, {
    source_job: timeline.id,
    file_uuids: [byName.get('beach.jpg'), byName.get('harbour.png')],
  });
  await appCall(page, 'POST', '/jobs', { name: 'Empty plans' });
  const { size } = await appCall<{ size: number }>(
    page,
    'GET',
    `/jobs/${timeline.id}/info?include_details=1`,
  );

  // spec 000 §2: reached from the settings.
  await page.goto('/settings');
  await page.getByRole('link', { name: /^Takeout/ }).click();
  await expect(page).toHaveURL(/\/settings\/takeout$/);
  await expect(page.getByRole('heading', { name: 'Takeout', level: 1 })).toBeVisible();
  await expect(
    page.getByText(`3 files (photos, videos and documents), ${sizeText(size)} in all`),
  ).toBeVisible();
  await expect(page.getByText('3 files in your timeline')).toBeVisible();
  const albums = page.getByRole('list', { name: 'Albums' });
  await expect(albums.getByRole('listitem')).toHaveCount(1);
  await expect(albums.getByRole('listitem').first()).toContainText('Cabin trip');
  await expect(albums.getByRole('listitem').first()).toContainText('2 files');
  await expect(page.getByText('Empty plans')).toHaveCount(0);
  await shoot(page, 'takeout');
  await axe(page);

  // The help, by keyboard: a dialog; Escape closes it and the focus comes back.
  const help = page.getByRole('button', { name: 'How takeout works' });
  await help.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'About takeout' });
  await expect(dialog).toContainText('at most 500 files and 3.5 GB each');
  await shoot(page, 'takeout-help');
  await axe(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();

  // An album: one zip in a folder of its name (mode takeout), then marked downloaded.
  const row = albums.getByRole('listitem').first();
  const albumZip = await zipOf(page, () => row.getByRole('button', { name: 'Download Cabin trip' }).click());
  expect(albumZip.name).toBe('Cabin trip.zip');
  expect(albumZip.entries).toEqual(['Cabin trip/beach.jpg', 'Cabin trip/harbour.png']);
  await expect(row).toContainText('Downloaded');

  // The library: listed, one part (3 files fit), which the button downloads at once (issue #23).
  const libraryZip = await zipOf(page, () =>
    page.getByRole('button', { name: 'Download your library' }).click(),
  );
  await expect(page.getByText('Everything fits in one zip file: its download has started.')).toBeVisible();
  const parts = page.getByRole('list', { name: 'Zip files of your library' });
  await expect(parts.getByRole('listitem')).toHaveCount(1);
  await expect(parts.getByRole('listitem')).toContainText('Trove.zip');
  await expect(parts.getByRole('listitem')).toContainText('3 files');
  expect(libraryZip.name).toBe('Trove.zip');
  expect(libraryZip.entries).toEqual(['Trove/beach.jpg', 'Trove/harbour.png', 'Trove/photo-exif.jpg']);
  await expect(parts.getByRole('listitem')).toContainText('Download started');
  await shoot(page, 'takeout-downloaded');
  await axe(page);

  // spec 000 §7: the marker outlives the page; an album changed since is no longer "Downloaded".
  await page.reload();
  await expect(row).toContainText('Downloaded');
  await appCall(page, 'POST', `/jobs/${album.id}/copy_files`, {
    source_job: timeline.id,
    file_uuids: [byName.get('photo-exif.jpg')],
  });
  await page.reload();
  await expect(row).toContainText('3 files');
  await expect(row).toContainText('Changed since you downloaded it');
  await expect(row).not.toContainText('Downloaded');

  // Desktop only (spec 000 §2): a phone gets the note and a way back.
  await page.setViewportSize(MOBILE);
  await expect(page.getByRole('heading', { name: 'Takeout works on a computer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Albums' })).toHaveCount(0);
  await page.screenshot({
    path: path.join(SHOTS, 'takeout-phone.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await axe(page);
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
