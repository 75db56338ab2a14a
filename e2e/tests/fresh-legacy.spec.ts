import { type Browser } from '@playwright/test';
import { expect, test, axe, DESKTOP, newAccount, shootBoth, sql } from './helpers.ts';

/**
 * Issue #24, spec 001 §6 "Privacy settings need a fresh login" and §5 the digital legacy
 * form: a user whose sign-in is older than the window opens /settings/privacy, is sent
 * through sign-in again (prompt=login, the page says why), comes back to the same page, sees
 * the legacy form's errors, and saves a valid contact. In English and Norwegian, desktop and
 * 390 px, axe on each.
 *
 * The sign-in grows old in the database (sessions.authenticated_at moved back past the
 * default ten-minute window) rather than by waiting: the server reads it on every request.
 */
test.setTimeout(120_000);

/** Past the default window of FRESH_LOGIN_WINDOW_S (ten minutes). */
const AGE_MS = 11 * 60 * 1000;

const TEXT = {
  en_US: {
    createAccount: 'Create account',
    signIn: 'Sign in',
    name: 'Name',
    email: 'E-mail',
    password: 'Password',
    why: 'For your security, enter your password again to continue.',
    legacy: 'Digital legacy',
    contactChoice: 'Provide my content to a contact person',
    fullName: /Full name/,
    phone: /Telephone/,
    contactEmail: /E-mail/,
    address: /Address/,
    badEmail: 'Email address not valid',
    badPhone: 'Entry can only contain + and 8 to 14 numbers',
    confirm: 'Confirm',
    saved: 'Your choice is saved.',
  },
  nb_NO: {
    createAccount: 'Opprett konto',
    signIn: 'Logg inn',
    name: 'Navn',
    email: 'E-post',
    password: 'Passord',
    why: 'Av sikkerhetshensyn må du skrive inn passordet ditt på nytt for å fortsette.',
    legacy: 'Digital arv',
    contactChoice: 'Utlever innholdet mitt til en kontaktperson',
    fullName: /Fullt navn/,
    phone: /Telefon/,
    contactEmail: /E-post/,
    address: /Adresse/,
    badEmail: 'E-postadressen er ikke gyldig',
    badPhone: 'Feltet kan bare inneholde + og 8 til 14 sifre',
    confirm: 'Bekreft',
    saved: 'Valget ditt er lagret.',
  },
} as const;

async function journey(browser: Browser, baseURL: string, locale: keyof typeof TEXT) {
  const t = TEXT[locale];
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addCookies([{ name: 'trove_locale', value: locale, url: baseURL }]);
  const page = await context.newPage();
  const account = newAccount(`fresh-${locale}`);
  await page.goto('/');
  await page.getByRole('button', { name: t.createAccount }).click();
  await page.getByLabel(t.name).fill(account.name);
  await page.getByLabel(t.email).fill(account.email);
  await page.getByLabel(t.password).fill(account.password);
  await page.getByRole('button', { name: t.createAccount }).click();
  await expect(page).toHaveURL(/\/photos$/);

  // The sign-in grows older than the window.
  sql(
    'UPDATE sessions SET authenticated_at = authenticated_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    // The server keeps addresses in lower case (the label holds the locale's capitals).
    [AGE_MS, account.email.toLowerCase()],
  );
  await page.goto('/settings/privacy?from=e2e');

  // Sent through sign-in again, told why, the password asked even though a session exists.
  await expect(page).toHaveURL(/\/signin\?.*prompt=login/);
  await expect(page.getByText(t.why)).toBeVisible();
  await axe(page);
  await shootBoth(page, `fresh-login-${locale}`);
  await page.getByLabel(t.email).fill(account.email);
  await page.getByLabel(t.password).fill(account.password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();

  // Back on the same page, query and all.
  await expect(page).toHaveURL(/\/settings\/privacy\?from=e2e$/);
  const legacy = page.getByRole('region', { name: t.legacy });
  await expect(legacy).toBeVisible();
  const confirm = legacy.getByRole('button', { name: t.confirm });
  await expect(confirm).toBeDisabled();
  await legacy.getByRole('radio', { name: t.contactChoice }).check();
  await legacy.getByRole('textbox', { name: t.fullName }).fill('Kari Nordmann');
  await legacy.getByRole('textbox', { name: t.contactEmail }).fill('kari@example');
  await legacy.getByRole('textbox', { name: t.phone }).fill('+47 912');
  await legacy.getByRole('textbox', { name: t.address }).fill('Storgata 1, 0155 Oslo');
  await expect(legacy.getByText(t.badEmail)).toBeVisible();
  await expect(legacy.getByText(t.badPhone)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await axe(page);
  await shootBoth(page, `legacy-errors-${locale}`);

  await legacy.getByRole('textbox', { name: t.contactEmail }).fill('kari@example.com');
  await legacy.getByRole('textbox', { name: t.phone }).fill('+4791234567');
  await expect(legacy.getByText(t.badEmail)).toBeHidden();
  await expect(legacy.getByText(t.badPhone)).toBeHidden();
  await confirm.click();
  await expect(legacy.getByText(t.saved)).toBeVisible();
  await axe(page);
  await shootBoth(page, `legacy-saved-${locale}`);

  // Stored: a reload shows it (still fresh).
  await page.reload();
  await expect(
    page.getByRole('region', { name: t.legacy }).getByRole('textbox', { name: t.fullName }),
  ).toHaveValue('Kari Nordmann');
  await context.close();
}

test('a stale sign-in is sent through sign-in again and back to the privacy page; legacy errors and save (English)', async ({
  browser,
  baseURL,
}) => {
  await journey(browser, baseURL ?? '', 'en_US');
});

test('the same in Norwegian', async ({ browser, baseURL }) => {
  await journey(browser, baseURL ?? '', 'nb_NO');
});
