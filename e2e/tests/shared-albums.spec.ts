import { type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import {
  expect,
  test,
  axe,
  createAccount,
  DESKTOP,
  FIXTURES,
  namedFile,
  newAccount,
  SERVER_FIXTURES,
  shoot,
} from './helpers.ts';

/**
 * Issue #11 "Done when": an owner shares an album, a second user joins it by its /a/ link
 * and adds a photo that the owner sees arrive without reloading; a visitor opens it with its
 * password; the owner changes the password (the visitor is refused), sets a cover, switches
 * view and sort, takes the participant's upload right away (their Add photos goes); the
 * participant leaves; the owner deletes the album and it is gone from both lists.
 */
test.setTimeout(180_000);

async function person(browser: Browser, label: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount(label));
  return page;
}

/** Uploads files into the timeline and waits until the panel says they are in. */
async function uploadToTimeline(page: Page, files: Parameters<Page['setInputFiles']>[1]): Promise<void> {
  await page.goto('/photos');
  await page.getByLabel('Add photos').setInputFiles(files);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText(/uploaded/, { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();
}

test('a shared album from creation to deletion, with a participant and a visitor', async ({ browser }) => {
  const owner = await person(browser, 'owner');
  await uploadToTimeline(owner, [
    path.join(FIXTURES, 'beach.jpg'),
    path.join(SERVER_FIXTURES, 'photo-exif.jpg'),
  ]);

  // Step 1: name the album (shared by default); step 2: photos from the timeline.
  await owner.goto('/albums');
  await owner.getByRole('link', { name: 'Create album' }).first().click();
  await owner.getByLabel('Album name').fill('Family cabin');
  await shoot(owner, 'shared-create-name', { mobile: true });
  await axe(owner);
  await owner.getByRole('button', { name: 'Create album' }).click();
  await expect(owner.getByRole('heading', { name: 'Add photos to Family cabin' })).toBeVisible();
  await owner.getByRole('checkbox', { name: 'Select beach.jpg' }).click();
  await owner.getByRole('checkbox', { name: 'Select photo-exif.jpg' }).click();
  await shoot(owner, 'shared-create-photos');
  await owner.getByRole('toolbar').getByRole('button', { name: 'Add photos' }).click();
  await expect(owner).toHaveURL(/\/albums\/[^/]+$/);
  const albumId = decodeURIComponent(new URL(owner.url()).pathname.split('/').at(-1) ?? '');
  await expect(owner.getByText('2 items')).toBeVisible({ timeout: 15_000 });
  await shoot(owner, 'shared-album-owner', { mobile: true });
  await axe(owner);

  // A second user joins through the link and adds a photo of their own.
  const member = await person(browser, 'member');
  await uploadToTimeline(member, [
    namedFile('harbour.png', path.join(SERVER_FIXTURES, 'alpha.png'), 'image/png'),
  ]);
  await member.goto(`/a/${albumId}`);
  await expect(member.getByRole('heading', { name: 'Family cabin' })).toBeVisible();
  await shoot(member, 'shared-visitor-signed-in');
  await member.getByRole('link', { name: 'Join album' }).click();
  await expect(member).toHaveURL(new RegExp(`/albums/${albumId}$`));
  await member.getByRole('link', { name: 'Add photos' }).click();
  await member.getByRole('checkbox', { name: 'Select harbour.png' }).click();
  await member.getByRole('toolbar').getByRole('button', { name: 'Add photos' }).click();
  await expect(member.getByText('3 items')).toBeVisible({ timeout: 15_000 });
  // The owner's open album shows it without a reload (the long poll wakes it).
  await expect(owner.getByText('3 items')).toBeVisible({ timeout: 15_000 });
  await shoot(owner, 'shared-album-after-join');

  // The owner sets a password; a visitor without an account fails once, then opens it.
  await owner.getByRole('button', { name: 'Album options' }).click();
  await owner.getByRole('menuitem', { name: 'Set a password' }).click();
  await owner.getByLabel('New password for visitors').fill('fjord 2026');
  await owner.getByRole('button', { name: 'Save password' }).click();
  await expect(owner.getByText('Password saved. Visitors need the new password.')).toBeVisible();

  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/a/${albumId}`);
  await expect(visitor.getByRole('heading', { name: 'This album is password protected' })).toBeVisible();
  await visitor.getByLabel('Album password').fill('wrong');
  await visitor.getByRole('button', { name: 'Open album' }).click();
  await expect(visitor.getByText('Incorrect password')).toBeVisible();
  await shoot(visitor, 'shared-visitor-password', { mobile: true });
  await axe(visitor);
  await visitor.getByLabel('Album password').fill('fjord 2026');
  await visitor.getByRole('button', { name: 'Open album' }).click();
  await expect(visitor.getByRole('heading', { name: 'Family cabin' })).toBeVisible();
  await expect(visitor.getByText('3 items')).toBeVisible();
  await shoot(visitor, 'shared-visitor-album', { mobile: true });
  await axe(visitor);

  // The owner changes the password: the visitor's next request is refused.
  await owner.getByRole('button', { name: 'Album options' }).click();
  await owner.getByRole('menuitem', { name: 'Change password' }).click();
  await owner.getByLabel('New password for visitors').fill('new fjord');
  await owner.getByRole('button', { name: 'Save password' }).click();
  await expect(owner.getByText('Password saved. Visitors need the new password.').last()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This album is password protected' })).toBeVisible();

  // Cover (from a file's menu), view mode and sort.
  // The newest file is the cover until one is chosen: its menu offers it disabled.
  await owner.locator('.tile').last().click({ button: 'right' });
  await owner.getByRole('menuitem', { name: 'Set as cover photo' }).click();
  await expect(owner.getByText('Cover photo changed')).toBeVisible();
  await owner.getByRole('button', { name: 'Grid' }).click();
  await expect(owner.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await shoot(owner, 'shared-album-grid');
  await owner.getByRole('button', { name: 'Flow' }).click();
  await owner.getByLabel('Sort').selectOption({ label: 'Oldest first' });
  await shoot(owner, 'shared-album-flow-oldest', { mobile: true });

  // Taking the upload right away: the member's Add photos disappears.
  await expect(member.getByRole('link', { name: 'Add photos' })).toBeVisible();
  await owner.getByRole('button', { name: 'Album options' }).click();
  await owner.getByRole('menuitemcheckbox', { name: 'Allow others to add photos' }).click();
  await expect(member.getByRole('link', { name: 'Add photos' })).toHaveCount(0, { timeout: 15_000 });
  await shoot(member, 'shared-album-member-no-uploads', { mobile: true });

  // The member leaves; the owner deletes the album; it is gone from both lists.
  await member.getByRole('button', { name: 'Album options' }).click();
  await member.getByRole('menuitem', { name: 'Leave album' }).click();
  await member.getByRole('dialog').getByRole('button', { name: /Leave/ }).click();
  await expect(member).toHaveURL(/\/albums$/);
  await expect(member.getByText('Family cabin')).toHaveCount(0);

  await owner.getByRole('button', { name: 'Album options' }).click();
  await owner.getByRole('menuitem', { name: 'Delete album' }).click();
  await owner
    .getByRole('dialog')
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(owner).toHaveURL(/\/albums$/);
  await expect(owner.getByText('Family cabin')).toHaveCount(0);
  await shoot(owner, 'shared-albums-after-delete');
});
