import { type Page } from '@playwright/test';
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
  SHOTS,
  shoot,
} from './helpers.ts';

/** An axe check of the open dialog only (the page behind a modal dialog is inert), contrast too. */
const axeDialog = (page: Page) => axe(page, '[role="dialog"]', { contrast: true });

/** The dialog at desktop and phone width. */
async function shootDialog(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * The share dialog (issue #15; spec 000 §4 share dialog views, §5 e-mail rules): photos
 * selected on the timeline, Share, Copy link (the link on the clipboard and in its field, a
 * share of exactly those files on the server), the e-mail form's validation, and the
 * external options' text message link. The full journey (the share page, the e-mail) is
 * share-journey's.
 */
test('a user shares a selection: copies its link and fills in the e-mail form', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('share-dialog'));
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
    ]);
  for (const name of ['beach.jpg', 'IMG_2023.jpg']) {
    await expect(page.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 30_000 });
  }

  // Select both, then Share from the selection bar.
  for (const name of ['beach.jpg', 'IMG_2023.jpg']) {
    await page.locator('.tile-frame', { has: page.locator(`img[alt="${name}"]`) }).hover();
    await page.getByRole('checkbox', { name: `Select ${name}` }).click();
  }
  await page.getByRole('toolbar', { name: '2 selected' }).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share 2 files' });
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await axeDialog(page);
  await shootDialog(page, 'share-dialog-options');

  // Copy link: the share is made and its link (marker sc) lands on the clipboard.
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(link).toMatch(new RegExp(`^${origin}/share/[A-Za-z0-9_-]{32}\\?m=sc$`));
  await expect(dialog.getByLabel('Share link')).toHaveValue(link);
  await expect(dialog.getByText(/^The link expires on /)).toBeVisible();
  await expect(dialog.getByLabel('Protect with a password')).toBeDisabled();
  const shareId = new URL(link).pathname.split('/')[2] ?? '';
  const share = await appCall<{ thumbFiles: { name: string }[] }>(page, 'GET', `/shares/${shareId}`);
  expect(share.thumbFiles.map((file) => file.name).sort()).toEqual(['IMG_2023.jpg', 'beach.jpg']);
  await axeDialog(page);
  await shootDialog(page, 'share-dialog-copied');

  // The e-mail form (spec 000 §5): Done waits for valid recipients and a subject.
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  const email = page.getByRole('dialog', { name: 'Send by e-mail' });
  const done = email.getByRole('button', { name: 'Done' });
  await expect(email.getByLabel('To')).toBeFocused();
  await expect(done).toBeDisabled();
  await email.getByLabel('To').fill('ann@example.com, bo');
  await email.getByLabel('Subject').fill('Cabin trip');
  await expect(email.getByText('Invalid input: every address must be a valid e-mail address')).toBeVisible();
  await expect(email.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await expect(done).toBeDisabled();
  await axeDialog(page);
  await shootDialog(page, 'share-dialog-email-invalid');
  await email.getByLabel('To').fill('ann@example.com, bo@example.no');
  await expect(email.getByText(/^Invalid input/)).toHaveCount(0);
  await expect(done).toBeEnabled();
  await email.getByLabel('Subject').fill('   ');
  await expect(done).toBeDisabled();
  await email.getByLabel('Subject').fill('Cabin trip');
  await email.getByLabel('Message (optional)').fill('Photos from the weekend.');
  await expect(done).toBeEnabled();
  await shootDialog(page, 'share-dialog-email');

  // Back to the options, then More options: a text message with the same share (marker sms).
  await email.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'More options' }).click();
  const more = page.getByRole('dialog', { name: 'More options' });
  await expect(more.getByRole('link', { name: 'Text message' })).toHaveAttribute(
    'href',
    `sms:?&body=${encodeURIComponent(`${origin}/share/${shareId}?m=sms`)}`,
  );
  await axeDialog(page);
  await shootDialog(page, 'share-dialog-more');

  // Escape closes the dialog; the selection stays.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: '2 selected' })).toBeVisible();
  await context.close();
});

/**
 * A shared album (issue #15; spec 000 §4 albumOptions, §6 Visitor): a file shared to it
 * through the album picker's share mode, the album's Invite by e-mail, and a visitor who is
 * not signed in: e-mail is for signed-in users, the one file's link is its /albumImage page.
 */
test('sharing to a shared album, inviting to it, and a visitor sharing one of its files', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('share-album'));
  await page.getByLabel('Add photos').setInputFiles([path.join(FIXTURES, 'beach.jpg')]);
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toBeVisible({ timeout: 30_000 });
  // The album itself is made through the API: the album journeys drive its screens.
  const album = await appCall<{ id: string }>(page, 'POST', '/jobs', { name: 'Cabin', public: 1 });

  // The file menu's Share → Share to album: the picker lists the shared album.
  const menu = page.getByRole('menu', { name: 'Actions for beach.jpg' });
  await expect(async () => {
    await page.locator('.tile', { has: page.locator('img[alt="beach.jpg"]') }).click({ button: 'right' });
    await expect(menu.getByRole('menuitem', { name: 'Share' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await menu.getByRole('menuitem', { name: 'Share' }).click();
  await page
    .getByRole('dialog', { name: 'Share 1 file' })
    .getByRole('button', { name: 'Share to album' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Share to album' });
  await picker.getByRole('radio', { name: 'Cabin' }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('1 file added to Cabin')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The album's Invite by e-mail opens the e-mail form straight away.
  await page.goto(`/albums/${album.id}`);
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await expect(invite.getByLabel('To')).toBeFocused();
  await axeDialog(page);
  await shootDialog(page, 'share-dialog-invite');
  await invite.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shoot(page, 'share-album-toolbar', { mobile: true });

  // A visitor, not signed in, on the file's comments page.
  const files = await appCall<{ files: { id: string }[] }>(page, 'GET', `/jobs/${album.id}/files`);
  const photo = files.files[0]?.id ?? '';
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  await visitorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/comments/${album.id}/${photo}`);
  await visitor.getByRole('button', { name: 'Share' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Share 1 file' });
  await expect(dialog.getByLabel('Protect with a password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(dialog.getByRole('status')).toHaveText('This is only accessible to logged-in users');
  await axe(visitor);
  await shootDialog(visitor, 'share-dialog-visitor');
  // spec 000 §6: the notice goes after 3 s.
  await expect(dialog.getByRole('status')).toHaveText('', { timeout: 5000 });
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(visitor.getByText('Link copied')).toBeVisible();
  const origin = new URL(visitor.url()).origin;
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/albumImage/${album.id}/${photo}`,
  );
  await visitorContext.close();
  await context.close();
});
