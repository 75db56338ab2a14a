import { type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, axe, createAccount, mailTo, newAccount, shootBoth } from './helpers.ts';

/**
 * Issue #24, consents and e-mail (spec 001 §2 Privacy and consent page, Email unsubscribe
 * page, Email settings; §4 Unsubscribe page): a consent switched on stays on after a reload;
 * the operator's announcement (`trove admin announce`, as an operator runs it) reaches the
 * account that chose news by e-mail; its link opens the unsubscribe page signed out, which
 * changes nothing until Unsubscribe is pressed, then shows it done, and the privacy page
 * shows the same consent off; Stay shows saved; /emailSettings saves with a toast. English
 * and Norwegian; axe with contrast; desktop and 390 px screenshots.
 */
// Two browsers, a CLI run and ten screenshots: slow on a shared machine.
test.setTimeout(240_000);

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const port = Number(process.env.E2E_PORT ?? 8181);

/** `trove admin announce` against the e2e server's database and mail sink. */
function announce(subject: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trove-announce-')), 'news.txt');
  fs.writeFileSync(file, text);
  return execFileSync(process.execPath, ['apps/server/src/main.ts', 'admin', 'announce', subject, file], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: path.join(root, 'e2e', '.artifacts', `data-${String(port)}`),
      SMTP_URL: `smtp://127.0.0.1:${String(port + 100)}`,
      MAIL_FROM: 'Trove <no-reply@trove.test>',
      APP_HOST: `http://localhost:${String(port)}`,
      LOG_LEVEL: 'warn',
    },
  });
}

/** A signed-out browser, as a mail reader opening the link is. */
async function signedOut(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, baseURL: `http://localhost:${String(port)}` });
  return { context, page: await context.newPage() };
}

test('consents, an announcement and its unsubscribe link, e-mail settings', async ({ page, browser }) => {
  const account = newAccount('privacy');
  await page.goto('/');
  await createAccount(page, account);

  await page.goto('/settings');
  await page.getByRole('link', { name: /Privacy and consent/ }).click();
  await expect(page.getByRole('heading', { name: 'Privacy and consent', level: 1 })).toBeVisible();
  const email = page.getByRole('switch', { name: /By e-mail/ });
  await expect(email).not.toBeChecked();
  await email.click();
  await expect(email).toBeChecked();
  await page.getByRole('switch', { name: /Face grouping/ }).click();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('switch', { name: /By e-mail/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Face grouping/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Request my data' })).toBeVisible();
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'privacy-page');

  // The operator's announcement reaches the account that chose news by e-mail.
  expect(announce('News from Trove', 'Albums can have a password now.')).toMatch(
    /announcement sent for \d+ of/,
  );
  const mail = await mailTo(account.email);
  expect(mail.subject).toBe('News from Trove');
  const link = /http:\/\/localhost:\d+\/settings\/unsubscribe\?id=[\w.%-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');

  // Opened signed out: it changes nothing until the person chooses.
  const reader = await signedOut(browser, 'en-US');
  await reader.page.goto(link);
  await expect(reader.page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await expect(reader.page.locator('footer')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: /By e-mail/ })).toBeChecked();
  await axe(reader.page, undefined, { contrast: true });
  await shootBoth(reader.page, 'unsubscribe-entry');
  await reader.page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reader.page.getByText(/You are unsubscribed/)).toBeVisible();
  await axe(reader.page, undefined, { contrast: true });
  await shootBoth(reader.page, 'unsubscribe-done');
  await reader.context.close();

  // One fact: the privacy page shows the same consent off.
  await page.reload();
  await expect(page.getByRole('switch', { name: /By e-mail/ })).not.toBeChecked();

  // In Norwegian: Stay shows saved.
  const norsk = await signedOut(browser, 'nb-NO');
  await norsk.page.goto(link);
  await norsk.page.getByRole('radio', { name: /Ja, jeg vil fortsatt abonnere/ }).click();
  await axe(norsk.page, undefined, { contrast: true });
  await shootBoth(norsk.page, 'unsubscribe-entry-nb');
  await norsk.page.getByRole('button', { name: 'Fortsett abonnementet' }).click();
  await expect(norsk.page.getByText(/Lagret\./)).toBeVisible();
  await shootBoth(norsk.page, 'unsubscribe-saved-nb');
  await norsk.context.close();

  // /emailSettings saves with a toast.
  await page.goto('/settings');
  await page.getByRole('link', { name: /E-mail settings/ }).click();
  await page.getByRole('switch', { name: /By e-mail/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your e-mail settings are saved')).toBeVisible();
  // Shot while the toast shows; axe after (it waits for animations to end).
  await shootBoth(page, 'email-settings-saved');
  await axe(page, undefined, { contrast: true });

  // The privacy page in Norwegian.
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Norsk' }).click();
  await page.goto('/_from_inside_app/settings/privacy');
  await expect(page.getByRole('heading', { name: 'Personvern og samtykke', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: /På e-post/ })).toBeChecked();
  await axe(page, undefined, { contrast: true });
  await shootBoth(page, 'privacy-page-nb');
});
