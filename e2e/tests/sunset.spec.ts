import { type Browser, type Page } from '@playwright/test';
import {
  expect,
  test,
  axe,
  createAccount,
  DESKTOP,
  newAccount,
  shootBoth,
  type Account,
  sql,
} from './helpers.ts';

/**
 * The sunset-deletion notice (issue #24, spec 001 §2, §4): an account the server's sweep
 * marked (seeded here straight in the database, as the sweep would write it: the sweep
 * itself is tested on a clock in sunset.sweep.test.ts) meets the notice with its date after
 * sign-in, once. English and Norwegian, desktop and 390 px, axe on each.
 */
// Two accounts, each with axe and screenshots at two widths: slow on a shared machine.
test.setTimeout(120_000);

// 1 March 2027, 12:00 UTC.
const DATE_MS = Date.UTC(2027, 2, 1, 12);

function markForSunset(email: string): void {
  sql('UPDATE users SET sunset_delete_date = ?, sunset_warnings = 1 WHERE email = ?', [DATE_MS, email]);
}

async function marked(browser: Browser, label: string): Promise<{ account: Account; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const account = newAccount(label);
  await page.goto('/');
  await createAccount(page, account);
  markForSunset(account.email);
  return { account, page };
}

test('a marked account meets the sunset notice once, in its language', async ({ browser }) => {
  const { page } = await marked(browser, 'sunset-en');
  await page.reload();
  const notice = page.getByRole('dialog', { name: 'Your account will be deleted on March 1, 2027' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('it will be deleted with everything in it on March 1, 2027');
  await axe(page);
  await shootBoth(page, 'sunset-notice-en');
  // Spec 001 §2: buttons for more info (the help page in the user's language) and plans.
  await expect(notice.getByRole('link', { name: 'More info' })).toHaveAttribute(
    'href',
    '/legal/help?lang=en',
  );
  // The first control has the focus when the notice opens; Tab walks the rest.
  await notice.getByRole('link', { name: 'More info' }).focus();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('link', { name: 'See plans' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  // Once: the flag is remembered for this date.
  await page.reload();
  // The empty timeline renders once the account is read, which is when the notice would open.
  await expect(page.getByRole('heading', { name: 'Your photos will show up here' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  const nora = await marked(browser, 'sunset-nb');
  await nora.page
    .context()
    .addCookies([{ name: 'trove_locale', value: 'nb_NO', url: new URL(nora.page.url()).origin }]);
  await nora.page.reload();
  const norsk = nora.page.getByRole('dialog', { name: 'Kontoen din blir slettet 1. mars 2027' });
  await expect(norsk).toBeVisible();
  await axe(nora.page);
  await shootBoth(nora.page, 'sunset-notice-nb');
  // Plans leads to the storage plans, and the notice stays closed there.
  await norsk.getByRole('link', { name: 'Se abonnementer' }).click();
  await expect(nora.page).toHaveURL(/\/settings\/storage$/);
  await expect(norsk).toHaveCount(0);
});
