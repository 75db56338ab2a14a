import { type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  PHONE,
  shootBoth,
  FIXTURES,
  mailTo,
  newAccount,
  SHOTS,
  signIn,
  uploadFiles,
} from './helpers.ts';

/**
 * Issue #24, account deletion (spec 001 §4: "request logs the user out of all devices, is
 * processed within 30 days, an email is sent on completion. Failure shows a retry"): on
 * /settings/privacy the user asks, confirms, meets the spec's failure text once (the request
 * is refused on its way) and retries; the app signs out and says why, the second device is
 * signed out at its next call, the server's job (grace period 0 here, playwright.config.ts)
 * removes the account and mails the confirmation, and the same address can sign up again.
 * In English and Norwegian, at desktop and 390 px width.
 */
test.setTimeout(180_000);

const REQUEST = '**/st/4/data_protection/request_account_deletion*';

/** The dialog lies inside the viewport at phone width, its buttons too. */
async function expectInsideAtPhoneWidth(page: Page) {
  await page.setViewportSize(PHONE);
  const box = await page.getByRole('dialog').boundingBox();
  if (!box) throw new Error('no dialog');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  await page.setViewportSize(DESKTOP);
}

async function signedUp(context: BrowserContext, label: string) {
  const page = await context.newPage();
  await page.goto('/');
  const account = newAccount(label);
  await createAccount(page, account);
  const timeline = await appCall<{ id: string }>(page, 'GET', '/jobs/default');
  const base64 = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');
  await uploadFiles(page, timeline.id, { copies: 2, base64, mtime: Date.UTC(2024, 5, 10) / 1000 });
  return { page, account };
}

test('deleting the account signs out every device, removes it and mails the confirmation', async ({
  browser,
}) => {
  const laptop = await browser.newContext({ viewport: DESKTOP });
  const { page, account } = await signedUp(laptop, 'leaving');
  // The same account on a second device.
  const phoneContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await phone.goto('/');
  await signIn(phone, account);

  await page.goto('/settings/privacy');
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toContainText('deleted within 30 days');
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'account-deletion-section');

  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText(account.email);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await axe(page, '.dialog', { contrast: true });
  await expectInsideAtPhoneWidth(page);
  await shootBoth(page, 'account-deletion-confirm');

  // The first try is refused by a server that is briefly away: the spec's failure text.
  await page.route(REQUEST, (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Something went wrong when we processed your request for deletion.');
  await expect(alert).toContainText('temporarily unavailable');
  await axe(page, '.dialog', { contrast: true });
  await shootBoth(page, 'account-deletion-failed');
  await page.unroute(REQUEST);

  // The retry, held on its way a moment: the request's progress shows.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(REQUEST, async (route) => {
    await released;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Sending your request…');
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await shootBoth(page, 'account-deletion-pending');
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.login .notice')).toContainText('You have been signed out on all your devices');
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'account-deletion-signed-out');
  expect(await page.evaluate(() => localStorage.getItem('trove.auth_token'))).toBeNull();

  // The other device is signed out at its next call, and cannot sign in again.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByText('Oops, you were logged out. To continue, please sign in')).toBeVisible();
  await phone.screenshot({
    path: path.join(SHOTS, 'account-deletion-second-device-phone.png'),
    animations: 'disabled',
  });

  // The job runs at once here (grace 0): the confirmation arrives, in English.
  const mail = await mailTo(account.email, 30_000);
  expect(mail.subject).toBe('Your Trove account has been deleted');
  expect(mail.text).toContain('You can create a new account with this address at any time.');

  // The address is free again: a new, empty account.
  await phone.goto('/');
  await createAccount(phone, account);
  const fresh = await appCall<{ used_space: number; logged_in_as: string }>(phone, 'GET', '/account_info');
  expect(fresh).toMatchObject({ used_space: 0, logged_in_as: account.email });
  await laptop.close();
  await phoneContext.close();
});

test('in Norwegian: the section, the confirmation and the signed-out notice', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const { page, account } = await signedUp(context, 'norsk');
  await context.addCookies([{ name: 'trove_locale', value: 'nb_NO', url: baseURL ?? '' }]);
  await page.goto('/settings/privacy');
  await expect(page.getByRole('heading', { name: 'Personvern', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Slett kontoen' });
  await expect(section).toContainText('slettes innen 30 dager');
  await shootBoth(page, 'account-deletion-section-nb');
  await section.getByRole('button', { name: 'Slett kontoen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vil du slette kontoen din?' });
  await expect(dialog).toContainText('Dette kan ikke angres.');
  await axe(page, '.dialog', { contrast: true });
  await expectInsideAtPhoneWidth(page);
  await shootBoth(page, 'account-deletion-confirm-nb');
  await dialog.getByRole('button', { name: 'Slett kontoen' }).click();
  await expect(page.locator('.login .notice')).toContainText('Du er logget ut på alle enhetene dine');
  await shootBoth(page, 'account-deletion-signed-out-nb');
  const mail = await mailTo(account.email, 30_000);
  expect(mail.subject).toBe('Trove-kontoen din er slettet');
  await context.close();
});
