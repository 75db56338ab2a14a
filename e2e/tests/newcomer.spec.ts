import path from 'node:path';
import {
  expect,
  test,
  createAccount,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  shoot,
  signIn,
  namedFile,
} from './helpers.ts';

/**
 * The newcomer's journey of issue #2: open /, sign up through the PKCE flow, land on
 * /photos, stay signed in over a reload, switch to Norsk, remove another device, log out.
 */
test('a newcomer signs up, stays signed in, switches language, removes a device and logs out', async ({
  browser,
}) => {
  const account = newAccount('newcomer');
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await shoot(page, '01-login', { mobile: true });

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await expect(page.getByLabel('Name')).toBeVisible();
  await shoot(page, '02-identity-provider-signup', { mobile: true });
  await page.goBack();
  await createAccount(page, account);

  await expect(page.getByRole('heading', { name: 'Your photos will show up here' })).toBeVisible();
  await expect(page.getByText('Add photos', { exact: true })).toBeVisible();
  await shoot(page, '03-timeline-empty', { mobile: true });

  await page.reload();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole('heading', { name: 'Your photos will show up here' })).toBeVisible();

  // Add photos uploads for real: a photo is taken, a file type Trove does not keep is refused.
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      { name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
  // The upload panel tells how each file fared (spec 000 §4 Upload panel).
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('status')).toHaveText('Some files did not upload', { timeout: 20_000 });
  await uploads.getByRole('button', { name: 'Show files' }).click();
  await expect(uploads.getByRole('listitem').filter({ hasText: 'notes.exe' })).toContainText(
    'This file type is not supported',
  );
  await expect(uploads.getByRole('listitem').filter({ hasText: 'beach.jpg' })).toContainText('Complete');
  await uploads.getByRole('button', { name: 'Close' }).click();
  // The empty state gives way to the grid; the worker's thumbnail replaces the placeholder.
  const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const section = page.getByRole('region', { name: month });
  await expect(section.locator('img[alt="beach.jpg"]')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => section.locator('img[alt="beach.jpg"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await shoot(page, '03b-timeline-uploaded', { mobile: true });

  // A second browser signs in to the same account: another device.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await signIn(phone, account);

  // Live: a photo added in the first browser shows up on the "phone" without a reload.
  await expect(phone.getByRole('region', { name: month }).locator('img[alt="beach.jpg"]')).toBeVisible();
  await page
    .getByLabel('Add photos')
    .setInputFiles(namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'));
  // Its EXIF says July 2023, so it lands in that month.
  await expect(
    phone.getByRole('region', { name: 'July 2023' }).getByRole('img', { name: 'IMG_2023.jpg' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await shoot(phone, '03c-timeline-live-second-device', { mobile: true });

  // A video: once the worker made its preview, hovering its tile plays it, then shows the date.
  await page
    .getByLabel('Add photos')
    .setInputFiles(namedFile('VID_0001.mp4', path.join(SERVER_FIXTURES, 'clip.mp4'), 'video/mp4'));
  const clip = page.locator('.tile', { has: page.locator('img[alt="VID_0001.mp4"]') });
  await expect(clip).toBeVisible({ timeout: 20_000 });
  await clip.hover();
  const preview = clip.locator('video');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(2);
  await expect(clip.getByRole('tooltip')).toBeVisible();
  await shoot(page, '03d-timeline-video-hover');
  await page.mouse.move(0, 0);
  await expect(preview).toHaveCount(0);
  // Its container date moved it to its own month; it is not left behind under today.
  await expect(page.getByRole('region', { name: month }).locator('.tile')).toHaveCount(1);

  await page.goto('/albums');
  await expect(page.getByRole('heading', { name: 'No albums yet' })).toBeVisible();
  await shoot(page, '04-albums-empty', { mobile: true });

  await page.goto('/settings');
  await expect(page.getByLabel('Your name')).toHaveValue(account.name);
  // The photos uploaded above, of the default 15 GB (spec 001 §3 usage meter).
  await expect(page.getByRole('meter', { name: 'Storage' })).toHaveAttribute(
    'aria-valuetext',
    / of 15 GB used$/,
  );
  await shoot(page, '05-settings', { mobile: true });
  await page.getByLabel('Norsk').check();
  await expect(page.getByRole('heading', { name: 'Innstillinger' })).toBeVisible();
  await shoot(page, '06-settings-norsk', { mobile: true });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Innstillinger' })).toBeVisible();

  await page.goto('/settings/devices');
  const rows = page.locator('.device-row');
  await expect(rows).toHaveCount(2);
  await shoot(page, '07-devices', { mobile: true });
  await rows.filter({ hasNotText: 'Denne enheten' }).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shoot(page, '08-devices-confirm');
  await dialog.getByRole('button', { name: 'Fjern' }).click();
  await expect(rows).toHaveCount(1);

  // The removed device is signed out at its next call.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('button', { name: /Konto/ }).click();
  await shoot(page, '09-user-menu');
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Logg inn' })).toBeVisible();
  await shoot(page, '10-logged-out', { mobile: true });

  // After logging out, the app's pages ask for a sign-in.
  await page.goto('/photos');
  await expect(page).toHaveURL(/\/login/);
  await phoneContext.close();
  await context.close();
});

test('pages outside the app: not found, error and terms', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shoot(page, '11-not-found', { mobile: true });

  await page.goto('/error/user_disabled');
  await expect(page.getByRole('heading', { name: 'The account has been terminated' })).toBeVisible();
  await shoot(page, '12-error-terminated', { mobile: true });

  await page.goto('/error/something_else');
  await expect(page.getByText('Oops! Something went wrong.')).toBeVisible();
  await shoot(page, '13-error-generic');

  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
  await shoot(page, '14-terms');

  await page.goto('/upgrade-browser');
  await expect(page.getByRole('heading', { name: 'Please upgrade your browser' })).toBeVisible();
  await shoot(page, '15-upgrade-browser');
});
