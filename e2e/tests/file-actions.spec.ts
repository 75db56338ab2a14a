import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  SHOTS,
  shoot,
  signIn,
  uploadFiles,
  type Account,
} from './helpers.ts';

/**
 * Issue #23: one registry of file actions. A participant of a shared album is offered
 * Remove only on the photos they added (the bug: Remove and Delete on the owner's photos,
 * which failed with "Oops! Something went wrong"); the viewer downloads and adds to an
 * album; a visitor without an account opens /a/{id} photos in the carousel and runs the
 * slideshow; on a phone the file menu has a button of its own.
 */
test.setTimeout(300_000);

const BEACH = fs.readFileSync(path.join(FIXTURES, 'beach.jpg')).toString('base64');
const EXIF = fs.readFileSync(path.join(SERVER_FIXTURES, 'photo-exif.jpg')).toString('base64');
/** Taken times a day apart, in the past: the album's order is fixed. */
const TAKEN = Math.floor(Date.UTC(2025, 5, 1) / 1000);

interface Job {
  id: string;
}
interface FileList {
  files: { id: string; name: string }[];
}

async function person(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, account);
  return page;
}

/** Uploads `files` to the caller's timeline and copies them into `albumId`. */
async function addToAlbum(
  page: Page,
  albumId: string,
  files: Parameters<typeof uploadFiles>[2],
): Promise<void> {
  const timeline = await appCall<Job>(page, 'GET', '/jobs/default');
  await uploadFiles(page, timeline.id, files);
  const { files: uploaded } = await appCall<FileList>(page, 'GET', `/jobs/${timeline.id}/files`);
  await appCall(page, 'POST', `/jobs/${albumId}/copy_files`, {
    source_job: timeline.id,
    file_uuids: uploaded.map((file) => file.id),
  });
}

/** The names of the selection bar's actions (its buttons, Clear selection first). */
const barActions = (page: Page, count: number) =>
  page
    .getByRole('toolbar', { name: `${String(count)} selected` })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

test('file actions follow the access table: participant, viewer, visitor and phone', async ({ browser }) => {
  // The owner's shared album with uploads allowed, holding two of their photos.
  const ownerAccount = newAccount('fa-owner');
  const owner = await person(browser, ownerAccount);
  const album = await appCall<Job>(owner, 'POST', '/jobs', {
    name: 'Cabin weekend',
    public: true,
    allow_uploads: true,
    allow_comments: true,
  });
  await addToAlbum(owner, album.id, { copies: 2, base64: BEACH, mtime: TAKEN });

  // A participant joins and adds a photo of their own; they also have an album of theirs.
  const member = await person(browser, newAccount('fa-member'));
  await appCall(member, 'POST', `/jobs/${album.id}/subscribe`);
  await addToAlbum(member, album.id, [{ name: 'member.jpg', base64: EXIF, mtime: TAKEN + 3 * 86_400 }]);
  await appCall(member, 'POST', '/jobs', { name: 'Keepsakes', public: false });

  // The bug first: the owner's photo selected, the participant is offered no Remove, no Delete.
  await member.goto(`/albums/${album.id}`);
  await member.getByRole('checkbox', { name: 'Select photo-0000.jpg' }).click();
  await expect(member.getByRole('toolbar', { name: '1 selected' })).toBeVisible();
  const others = await barActions(member, 1);
  expect(others).toContain('Download');
  expect(others).not.toContain('Remove from album');
  expect(others).not.toContain('Delete');
  await shoot(member, 'file-actions-participant-others');
  await axe(member);
  // A mixed selection: not for all, so not offered.
  await member.getByRole('checkbox', { name: 'Select member.jpg' }).click();
  expect(await barActions(member, 2)).not.toContain('Remove from album');
  // Their own alone: offered, and it works.
  await member.getByRole('checkbox', { name: 'Select photo-0000.jpg' }).click();
  expect(await barActions(member, 1)).toContain('Remove from album');
  await shoot(member, 'file-actions-participant-own');
  await member
    .getByRole('toolbar', { name: '1 selected' })
    .getByRole('button', { name: 'Remove from album' })
    .click();
  await member.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(member.getByText('1 file deleted')).toBeVisible();
  await expect(member.getByRole('img', { name: 'member.jpg' })).toHaveCount(0);
  await expect(member.getByText('Oops! Something went wrong')).toHaveCount(0);

  // The viewer: Download and Add to album on the owner's photo, and no Remove.
  await member.getByRole('img', { name: 'photo-0001.jpg' }).click();
  const viewer = member.getByRole('dialog', { name: 'photo-0001.jpg' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Remove from album' })).toHaveCount(0);
  const download = member.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('photo-0001.jpg');
  await viewer.getByRole('button', { name: 'Add to album' }).click();
  const picker = member.getByRole('dialog', { name: 'Add to album' });
  await picker.getByRole('radio', { name: 'Keepsakes' }).click();
  await shoot(member, 'file-actions-viewer-picker');
  await axe(member, '.album-picker');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(member.getByText('1 file added to Keepsakes')).toBeVisible();
  await shoot(member, 'file-actions-viewer');
  await axe(member, '.viewer');

  // A visitor without an account: the carousel with keys, only Download, and the slideshow.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/a/${album.id}`);
  await expect(visitor.getByRole('heading', { name: 'Cabin weekend' })).toBeVisible();
  await visitor.getByRole('img', { name: 'photo-0000.jpg' }).click();
  const shown = visitor.getByRole('dialog', { name: 'photo-0000.jpg' });
  await expect(shown).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/a/${album.id}/carousel/`));
  await expect(shown.getByRole('button', { name: 'Download' })).toBeVisible();
  for (const name of ['Remove from album', 'Delete', 'Share', 'Add to album', 'Add to my timeline'])
    await expect(shown.getByRole('button', { name })).toHaveCount(0);
  await shoot(visitor, 'file-actions-visitor-carousel', { mobile: true });
  await axe(visitor, '.viewer');
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByRole('dialog', { name: 'photo-0001.jpg' })).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(visitor).toHaveURL(new RegExp(`/a/${album.id}$`));
  await visitor.getByRole('button', { name: 'Play slideshow' }).click();
  const playing = visitor.getByRole('dialog', { name: 'photo-0000.jpg' });
  await expect(playing.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  // spec 000 §9: 5000 ms a picture.
  await expect(visitor.getByRole('dialog', { name: 'photo-0001.jpg' })).toBeVisible({ timeout: 12_000 });
  await shoot(visitor, 'file-actions-visitor-slideshow');
  await visitorContext.close();

  // A phone (touch, 390 x 844): the tile's menu button opens the file menu.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/');
  await signIn(phone, ownerAccount);
  await expect(phone.getByRole('button', { name: 'More actions for photo-0000.jpg' })).toBeVisible();
  await shoot(phone, 'file-actions-phone-grid');
  await phone.setViewportSize({ width: 390, height: 844 });
  await axe(phone);
  await phone.getByRole('button', { name: 'More actions for photo-0000.jpg' }).tap();
  const menu = phone.getByRole('menu', { name: 'Actions for photo-0000.jpg' });
  await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await phone.screenshot({ path: path.join(SHOTS, 'file-actions-phone-menu.png'), animations: 'disabled' });
  // The menu itself; it is a popup portalled to the body, outside the page's landmarks by
  // design, so axe's landmark rule does not apply to it.
  const menuCheck = await new AxeBuilder({ page: phone })
    .include('.context-menu')
    .disableRules(['region', 'color-contrast'])
    .analyze();
  expect(menuCheck.violations.map((violation) => violation.id)).toEqual([]);
  await phoneContext.close();
});
