import path from 'node:path';
import fs from 'node:fs';
import {
  expect,
  test,
  appCall,
  createAccount,
  DESKTOP,
  dragFiles,
  dragOver,
  filesOf,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  shoot,
} from './helpers.ts';

test('an album is created, photos go into it, and those meant for the timeline are copied there', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('albums'));
  await page.goto('/albums');
  await expect(page.getByRole('heading', { name: 'No albums yet' })).toBeVisible();
  await shoot(page, 'albums-empty', { mobile: true });

  // Step 1 names the album (spec 000 §4 Album create), step 2 adds photos.
  await page.getByRole('link', { name: 'Create album' }).click();
  await page.getByLabel('Album name').fill('Lofoten 2026');
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { name: 'Add photos to Lofoten 2026' })).toBeVisible();
  // Step 2 is the create-album-after-more-photos route, by albumIDB64 (spec 000 §2).
  await expect(page).toHaveURL(/\/createAlbumAfterMorePhotos\/[\w-]+$/);
  const albumId = Buffer.from(new URL(page.url()).pathname.split('/')[2] ?? '', 'base64url').toString();
  await shoot(page, 'album-add-photos', { mobile: true });

  // Two photos from the device for the album and the timeline.
  await page
    .getByLabel('Upload from device')
    .setInputFiles([path.join(FIXTURES, 'beach.jpg'), path.join(SERVER_FIXTURES, 'photo-exif.jpg')]);
  const ask = page.getByRole('dialog', { name: 'Add these 2 files to your timeline too?' });
  await expect(ask).toBeVisible();
  await shoot(page, 'album-also-timeline', { mobile: true });
  await ask.getByRole('button', { name: 'Album and timeline' }).click();
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('2 files uploaded', { timeout: 30_000 });
  expect(await filesOf(page, albumId)).toEqual(['beach.jpg', 'photo-exif.jpg']);
  // Complete means copied: the timeline has both once the panel says done.
  expect(await filesOf(page, 'default')).toEqual(['beach.jpg', 'photo-exif.jpg']);

  // A video for the album only.
  await page.getByLabel('Upload from device').setInputFiles(path.join(SERVER_FIXTURES, 'clip.mp4'));
  await page
    .getByRole('dialog', { name: 'Add this file to your timeline too?' })
    .getByRole('button', { name: 'Album only' })
    .click();
  await expect(panel.getByRole('status')).toHaveText(/files? uploaded/, { timeout: 30_000 });
  await expect.poll(() => filesOf(page, albumId), { timeout: 30_000 }).toHaveLength(3);
  expect(await filesOf(page, 'default')).toEqual(['beach.jpg', 'photo-exif.jpg']);

  // The same video again, now for the timeline too: the album already has it (no bytes are
  // sent), and it is complete only once the timeline has it as well.
  await page.getByLabel('Upload from device').setInputFiles(path.join(SERVER_FIXTURES, 'clip.mp4'));
  await page
    .getByRole('dialog', { name: 'Add this file to your timeline too?' })
    .getByRole('button', { name: 'Album and timeline' })
    .click();
  // The panel counts every file of this visit to the page.
  await expect(panel.getByRole('status')).toHaveText('4 files uploaded', { timeout: 30_000 });
  expect(await filesOf(page, 'default')).toEqual(['beach.jpg', 'clip.mp4', 'photo-exif.jpg']);
  expect(await filesOf(page, albumId)).toEqual(['beach.jpg', 'clip.mp4', 'photo-exif.jpg']);
  await panel.getByRole('button', { name: 'Close' }).click();

  // The album page shows the three; the albums list shows the album.
  await page.goto(`/albums/${albumId}`);
  await expect(page.getByText('3 items')).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'album-files', { mobile: true });
  await page.getByRole('link', { name: 'All albums' }).click();
  await expect(page.getByRole('link', { name: /Lofoten 2026/ })).toBeVisible();
  await shoot(page, 'albums-list', { mobile: true });
});

test('photos dropped on an album go into it, after the timeline question', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('albums-drop'));
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Dropped in' });
  await page.goto(`/albums/${album.id}`);
  await expect(page.getByRole('heading', { name: 'Dropped in' })).toBeVisible();
  const beach = [
    {
      name: 'beach.jpg',
      base64: fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64'),
      mimeType: 'image/jpeg',
    },
  ];
  // The overlay says where the files go (See: [Note: Drop claims]).
  await dragOver(page, beach, 'Drop photos and videos to add them to this album');
  await shoot(page, 'album-drop-overlay');
  await dragFiles(page, 'drop', beach);
  const question = page.getByRole('dialog', { name: 'Add this file to your timeline too?' });
  await question.getByRole('button', { name: 'Album only' }).click();
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('1 file uploaded', { timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Select beach.jpg' })).toBeVisible({ timeout: 15_000 });
  expect(await filesOf(page, album.id)).toEqual(['beach.jpg']);
  expect(await filesOf(page, 'default')).toEqual([]);
});
