import { type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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
  namedFile,
  newAccount,
  SERVER_FIXTURES,
  SHOTS,
} from './helpers.ts';

/**
 * Issue #24, data access (spec 001 §2 privacy page "request data access", §4 data access
 * cooldown, §7 request_data_access): the section asks for the data, the browser downloads
 * the zip, which Info-ZIP's unzip accepts and whose every entry matches manifest.json; then
 * the cooldown says when the next copy may be asked for, in English and Norwegian, and the
 * same copy downloads again, byte for byte. Checked by axe; desktop and 390 px screenshots.
 */
test.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };

interface Manifest {
  entries: { path: string; size: number; sha256: string }[];
  count: number;
}

/** The zip a click downloads, saved; answers its path and its bytes' SHA-256. */
async function downloaded(page: Page, click: () => Promise<void>, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^trove-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = path.join(SHOTS, '..', `data-access-${name}.zip`);
  await download.saveAs(file);
  return { file, sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex') };
}

/** Unzips with Info-ZIP and checks every file against manifest.json; answers the manifest. */
function checked(zip: string): Manifest {
  expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
  const into = `${zip}.d`;
  fs.rmSync(into, { recursive: true, force: true });
  execFileSync('unzip', ['-q', zip, '-d', into]);
  const [folder = ''] = fs.readdirSync(into);
  const root = path.join(into, folder);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Manifest;
  for (const entry of manifest.entries) {
    const bytes = fs.readFileSync(path.join(root, entry.path));
    expect(bytes.length, entry.path).toBe(entry.size);
    expect(createHash('sha256').update(bytes).digest('hex'), entry.path).toBe(entry.sha256);
  }
  const listed = execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).trim().split('\n');
  expect(listed.length).toBe(manifest.count + 1);
  return manifest;
}

async function shootBoth(page: Page, name: string) {
  for (const [size, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, '390'],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${suffix}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}

test('data access: request, download, unzip against the manifest, cooldown in two languages, download again', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('data-access'));

  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('photo-exif.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
    ]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('2 files uploaded', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
  // An album with a photo and a comment, through the API: other journeys drive those screens.
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  const listed = await appCall<{ files: { id: string; name: string }[] }>(
    page,
    'GET',
    `/jobs/${timeline.id}/files`,
  );
  const beach = listed.files.find((file) => file.name === 'beach.jpg')?.id;
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Cabin trip' });
  const copied = await appCall<{ results: { new_uuid?: string }[] }>(
    page,
    'POST',
    `/jobs/${album.id}/copy_files`,
    {
      source_job: timeline.id,
      file_uuids: [beach],
    },
  );
  const inAlbum = copied.results[0]?.new_uuid ?? '';
  await appCall(page, 'POST', `/jobs/${album.id}/files_by_id/${inAlbum}/comments`, {
    comment: 'The best day',
  });

  await page.goto('/settings/privacy');
  const section = page.getByRole('region', { name: 'Download a copy of your data' });
  await expect(section.getByRole('button', { name: 'Request my data' })).toBeVisible();
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'data-access-available');

  const first = await downloaded(
    page,
    () => section.getByRole('button', { name: 'Request my data' }).click(),
    'first',
  );
  await expect(section.getByRole('status')).toContainText('Your download has started');
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'data-access-downloading');

  const manifest = checked(first.file);
  const paths = manifest.entries.map((entry) => entry.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'account/account.json',
      'albums.json',
      'comments.json',
      'shares.json',
      'albums/Cabin trip/beach.jpg',
      'albums/Cabin trip/beach.jpg.json',
    ]),
  );
  expect(paths.filter((p) => p.startsWith('media/') && p.endsWith('.jpg'))).toHaveLength(2);
  const comments = fs.readFileSync(
    path.join(`${first.file}.d`, fs.readdirSync(`${first.file}.d`)[0] ?? '', 'comments.json'),
    'utf8',
  );
  expect(comments).toContain('The best day');

  // Back later: the cooldown, and the same copy offered again.
  await page.reload();
  await expect(section.getByText('You have recently downloaded your data')).toBeVisible();
  await expect(section).toContainText('A new copy can be requested once every 24 hours.');
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'data-access-cooldown');

  // In Norwegian.
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Norsk' }).click();
  await page.goto('/settings/privacy');
  const norsk = page.getByRole('region', { name: 'Last ned en kopi av dataene dine' });
  await expect(norsk.getByText('Du har nylig lastet ned dataene dine')).toBeVisible();
  await expect(norsk).toContainText('Du kan be om en ny kopi én gang per 24 timer.');
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'data-access-cooldown-nb');

  const again = await downloaded(
    page,
    () => norsk.getByRole('button', { name: 'Last ned på nytt' }).click(),
    'again',
  );
  expect(again.sha256).toBe(first.sha256);
});
