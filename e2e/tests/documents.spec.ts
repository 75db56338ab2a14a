import { type Page } from '@playwright/test';
import fs from 'node:fs';
import {
  expect,
  test,
  axe,
  createAccount,
  DESKTOP,
  dragFiles,
  dragOver,
  MOBILE,
  newAccount,
  PDF,
  shoot,
} from './helpers.ts';

/**
 * Issue #14, the documents screen (spec 000 §2 /documents, §4 Documents, §5): reached from
 * the settings, two documents uploaded from it are listed under this month; one downloads as
 * itself and both as one zip; one is deleted after the question and is gone for good from
 * the list; the timeline's own uploader still refuses documents. Desktop and phone (the date
 * column hidden), checked by axe.
 */
test.setTimeout(120_000);

const TEXT = Buffer.from('Things to keep:\n- the receipt\n- the warranty\n');
const RECEIPT = { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF };
const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: TEXT };

/** The bytes of a download the page starts with `start`, and the name the browser gives it. */
async function downloadOf(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

test('documents: upload from the screen, list, download one and both, delete one, on desktop and phone', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('documents'));

  // spec 000 §5: the timeline's uploader refuses a document.
  await page.getByLabel('Add photos').setInputFiles(RECEIPT);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('Some files did not upload', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).click();

  // spec 000 §2: reached from the settings.
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: /^Documents/ })).toBeVisible();
  await shoot(page, 'documents-settings');
  await page.getByRole('link', { name: /^Documents/ }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await shoot(page, 'documents-empty', { mobile: true });
  await axe(page);

  await page.getByLabel('Upload documents').setInputFiles([RECEIPT, NOTES]);
  await expect(panel.getByRole('status')).toHaveText('2 files uploaded', { timeout: 30_000 });
  await shoot(page, 'documents-uploaded', { mobile: true });
  await panel.getByRole('button', { name: 'Close' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /receipt\.pdf/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /notes\.txt/ })).toBeVisible();
  const month = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long' });
  await expect(page.getByRole('heading', { name: month, level: 2 })).toBeVisible();
  await expect(table.getByRole('row', { name: /receipt\.pdf/ })).toContainText('PDF');
  await expect(page.getByText('2 documents')).toBeVisible();
  await shoot(page, 'documents-list', { mobile: true });
  await axe(page);

  // One document: the browser downloads the original itself.
  await page.getByRole('checkbox', { name: 'Select notes.txt' }).check();
  const bar = page.getByRole('toolbar', { name: '1 selected' });
  const one = await downloadOf(page, () => bar.getByRole('button', { name: 'Download' }).click());
  expect(one.name).toBe('notes.txt');
  expect(one.bytes.equals(TEXT)).toBe(true);

  // Both: one zip named Documents (a zip starts with PK and names its entries).
  await page.getByRole('checkbox', { name: 'Select receipt.pdf' }).check();
  await shoot(page, 'documents-selected', { mobile: true });
  await axe(page);
  const zip = await downloadOf(page, () =>
    page.getByRole('toolbar', { name: '2 selected' }).getByRole('button', { name: 'Download' }).click(),
  );
  expect(zip.name).toBe('Documents.zip');
  expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(zip.bytes.includes(Buffer.from('receipt.pdf'))).toBe(true);
  expect(zip.bytes.includes(Buffer.from('notes.txt'))).toBe(true);

  // Delete one, after the question (spec 000 §4), by keyboard.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select receipt.pdf' }).check();
  await page.getByRole('toolbar', { name: '1 selected' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file?' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'documents-delete');
  await axe(page, '[role="dialog"]');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 file deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('toolbar')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeFocused();
  await expect(table.getByRole('row', { name: /receipt\.pdf/ })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('row', { name: /notes\.txt/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /receipt\.pdf/ })).toHaveCount(0);

  // spec 000 §2: the uploaded date is hidden on a phone; name and type stay.
  await expect(page.getByRole('columnheader', { name: 'Uploaded' })).toBeVisible();
  await page.setViewportSize(MOBILE);
  await expect(page.getByRole('columnheader', { name: 'Uploaded' })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
  await expect(table.getByRole('row', { name: /notes\.txt/ })).toBeVisible();
  await axe(page);
  await page.setViewportSize(DESKTOP);

  // Back to the settings (spec 000 §2 "back to settings").
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('a document dropped on /documents is uploaded as a document; on the timeline the drop is its own again', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await createAccount(page, newAccount('documents-drop'));
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  const receipt = [{ name: 'receipt.pdf', base64: PDF.toString('base64'), mimeType: 'application/pdf' }];
  // The overlay says where dropped files go (See: [Note: Drop claims]).
  await dragOver(page, receipt, 'Drop documents to upload them');
  await expect(page.getByText('They go to your documents, not your timeline.')).toBeVisible();
  await shoot(page, 'documents-drop-overlay');
  await dragFiles(page, 'drop', receipt);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('status')).toHaveText('1 file uploaded', { timeout: 30_000 });
  await expect(page.getByRole('table').getByRole('row', { name: /receipt\.pdf/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  // Away from /documents the claim is gone: the timeline's own words again.
  await page.goto('/photos');
  await dragOver(page, receipt, 'Drop photos and videos to upload them');
});
