import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from '@playwright/test';
import {
  expect,
  test,
  appCall,
  axe,
  createAccount,
  DESKTOP,
  newAccount,
  PHONE,
  shootBoth,
  sql,
} from './helpers.ts';

/**
 * Issue #24, the operator's view of background work: account deletions (one in its grace
 * period restored, one failed retried) and work items (a stuck one released), each after a
 * confirm worked by keyboard, in a dialog that fits a 390 px phone. Screenshots at desktop
 * and phone width, axe with contrast on each page.
 *
 * On a server of its own: deletions here need a grace period (the shared server runs them
 * at once), and the first account of a fresh instance is its operator.
 */
test.setTimeout(180_000);

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
// Apart from E2E_PORT, its e-mail sink's (+100, +200), the operator journey's (+300) and
// the legacy journey's (+400).
const port = Number(process.env.E2E_PORT ?? 8181) + 500;
const origin = `http://localhost:${String(port)}`;
const dataDir = path.join(root, 'e2e', '.artifacts', `data-operations-${String(port)}`);
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['apps/server/src/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIGN_UPS_PER_HOUR: '1000',
      ACCOUNT_DELETION_GRACE_DAYS: '7',
    },
    stdio: 'inherit',
  });
  await expect(async () => {
    expect((await fetch(`${origin}/healthz`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** Runs SQL on the journey's database, as a failed job or a dead worker would leave it. */
function journeySql(statements: string, ...params: (string | number)[]): void {
  sql(statements, params, dataDir);
}

async function signedUp(browser: Browser, label: string) {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: origin });
  const page = await context.newPage();
  const account = newAccount(label);
  await page.goto('/');
  await createAccount(page, account);
  return { page, account };
}

/** Confirms the open dialog by keyboard: Tab from Cancel to the action, Enter. */
async function confirmByKeyboard(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.setViewportSize(PHONE);
  const box = await dialog.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width + 0.5);
  await page.setViewportSize(DESKTOP);
  await axe(page, '[role="dialog"]', { contrast: true });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('the operator restores and retries deletions and releases a stuck work item', async ({ browser }) => {
  const { page: admin } = await signedUp(browser, 'operator');
  const { page: annPage, account: ann } = await signedUp(browser, 'ann');
  const { page: boPage, account: bo } = await signedUp(browser, 'bo');
  for (const page of [annPage, boPage])
    await appCall(page, 'POST', '/data_protection/request_account_deletion?app_lang=en_US');
  // Bo's job gave up at its sixth stage; a thumbnail failed for good; a worker died holding a sweep.
  const hourAgo = Date.now() - 3_600_000;
  journeySql(
    `UPDATE account_deletions SET state = 'failed', stage = 'own_jobs', attempts = 5, due_at = ?,
       last_error = 'EACCES: permission denied, unlink ''/srv/trove/blobs/3f/3f9a''' WHERE email = ?;
     UPDATE work_items SET state = 'failed', attempts = 5, last_error = 'EACCES: permission denied'
       WHERE id = (SELECT work_item_id FROM account_deletions WHERE email = ?);
     INSERT INTO work_items (id, kind, payload, state, attempts, run_after, locked_until, last_error, created_at)
       VALUES ('e2e-failed-media', 'media', '{}', 'failed', 5, 0, NULL, 'ffmpeg exited with code 1', ?);
     INSERT INTO work_items (id, kind, payload, state, attempts, run_after, locked_until, last_error, created_at)
       VALUES ('e2e-stuck-sweep', 'e2e_sweep', '{}', 'queued', 1, 0, ?, NULL, ?)`,
    hourAgo,
    bo.email,
    bo.email,
    hourAgo,
    hourAgo + 60_000,
    hourAgo,
  );

  await admin.goto('/admin/deletions');
  const annRow = admin.getByRole('listitem').filter({ hasText: ann.email });
  const boRow = admin.getByRole('listitem').filter({ hasText: bo.email });
  await expect(annRow.getByText('In grace period')).toBeVisible();
  await expect(boRow.getByText('Failed', { exact: true })).toBeVisible();
  await expect(boRow.getByText(/EACCES/)).toBeVisible();
  await axe(admin, undefined, { contrast: true });
  await shootBoth(admin, 'admin-deletions-en');

  await annRow.getByRole('button', { name: `Restore the account ${ann.email}` }).focus();
  await admin.keyboard.press('Enter');
  await shootBoth(admin, 'admin-deletions-restore-dialog-en');
  await confirmByKeyboard(admin, `Restore ${ann.email}?`);
  await expect(annRow).toHaveCount(0);

  await boRow.getByRole('button', { name: `Retry deleting ${bo.email}` }).click();
  await confirmByKeyboard(admin, `Retry deleting ${bo.email}?`);
  // It runs again at once: running, or already gone.
  await expect(boRow.getByText('Failed', { exact: true })).toHaveCount(0);

  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Work items' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/work$/);
  const stuck = admin.locator('.admin-list').getByRole('listitem').filter({ hasText: 'e2e_sweep' });
  await expect(stuck.getByText('Stuck', { exact: true })).toBeVisible();
  await expect(admin.getByText('Last error: ffmpeg exited with code 1')).toBeVisible();
  await axe(admin, undefined, { contrast: true });
  await shootBoth(admin, 'admin-work-items-en');
  await stuck.getByRole('button', { name: /^Release e2e_sweep/ }).focus();
  await admin.keyboard.press('Enter');
  await confirmByKeyboard(admin, 'Release this e2e_sweep item?');
  await expect(stuck).toHaveCount(0);

  // The audit log tells what was done.
  await admin.goto('/admin/audit');
  await expect(admin.getByText(`Restored the account ${ann.email}`)).toBeVisible();
  await expect(admin.getByText('Retried a e2e_sweep work item')).toBeVisible();

  // An announcement is queued and the work queue sends it; the list shows how far it got.
  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Announcements' })
    .click();
  await admin.getByLabel('Subject').fill('News from Trove');
  await admin.getByLabel('Message').fill('Albums can have a password now.');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await confirmByKeyboard(admin, 'Send this announcement?');
  await expect(admin.getByText(/^Queued for \d+ accounts?\./)).toBeVisible();
  const sent = admin.locator('.admin-list').getByRole('listitem').filter({ hasText: 'News from Trove' });
  await expect(sent.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  await axe(admin, undefined, { contrast: true });
  await shootBoth(admin, 'admin-announcements-en');

  // Ann is back: she signs in again.
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: origin });
  const again = await context.newPage();
  await again.goto('/');
  await again.getByRole('button', { name: 'Sign in' }).click();
  await again.getByLabel('E-mail').fill(ann.email);
  await again.getByLabel('Password').fill(ann.password);
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(again).toHaveURL(/\/photos$/);
});
