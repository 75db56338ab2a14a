import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from '@playwright/test';
import { expect, test, axe, createAccount, DESKTOP, newAccount, SHOTS, type Account } from './helpers.ts';

/**
 * Issue #24, the operator's side: an operator (named by `trove admin operator`) finds the
 * admin area in the settings, publishes a version of the terms of service, writes a card and
 * disables an account, all from the admin area, by keyboard where it counts. A user then
 * meets the terms prompt first after sign-in (488 x 418, spec 001 §2), the card after it,
 * and once disabled the account-terminated page. Screenshots at desktop and 390 px, in
 * Norwegian and English; axe on each.
 *
 * On a server of its own: terms once published ask every later account, and the other
 * journeys' accounts on the shared server must not meet them.
 */
test.setTimeout(240_000);

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const PHONE = { width: 390, height: 844 };
// Apart from E2E_PORT and its e-mail sink's (+100, +200).
const port = Number(process.env.E2E_PORT ?? 8181) + 300;
const origin = `http://localhost:${String(port)}`;
const dataDir = path.join(root, 'e2e', '.artifacts', `data-operator-${String(port)}`);
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SIGN_UPS_PER_HOUR: '1000',
};
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['apps/server/src/main.ts', 'serve'], {
    cwd: root,
    env: serverEnv,
    stdio: 'inherit',
  });
  await expect(async () => {
    expect((await fetch(`${origin}/healthz`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** `trove admin …` against this journey's server's data folder. */
function trove(...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/src/main.ts', 'admin', ...args], {
    cwd: root,
    env: serverEnv,
    encoding: 'utf8',
  });
}

/** Full-page screenshots at desktop and phone width. */
async function shootBoth(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/** Every box of `selector` lies inside a 390 px wide viewport. */
async function insidePhone(page: Page, selector: string) {
  await page.setViewportSize(PHONE);
  const box = await page.locator(selector).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width + 0.5);
  await page.setViewportSize(DESKTOP);
}

async function signedUp(browser: Browser, label: string, locale: 'en_US' | 'nb_NO') {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: origin });
  await context.addCookies([{ name: 'trove_locale', value: locale, url: origin }]);
  const page = await context.newPage();
  const account: Account = {
    ...newAccount(label),
    name: label === 'operator' ? 'Olga Operator' : 'Nora Nordmann',
  };
  await page.goto('/');
  if (locale === 'nb_NO') {
    // The login page in Norwegian: the helper's English button names do not apply.
    await page.getByRole('button', { name: 'Opprett konto' }).click();
    await page.getByLabel('Navn').fill(account.name);
    await page.getByLabel('E-post').fill(account.email);
    await page.getByLabel('Passord').fill(account.password);
    await page.getByRole('button', { name: 'Opprett konto' }).click();
    await expect(page).toHaveURL(/\/photos$/);
  } else await createAccount(page, account);
  return { page, account };
}

/** Shots at 1280 and 360 px wide (issue #25's operator area: the storage dialog must fit both). */
async function shootStorage(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

// First in this file: the next journey publishes terms and writes a card, which every later
// sign-up on this server meets as modals over the page.
test("issue #25's operator area: the operator gives storage through the dialog and ends it", async ({
  browser,
}) => {
  const { page: admin, account: operator } = await signedUp(browser, 'operator', 'en_US');
  trove('operator', operator.email);
  const { account: nora } = await signedUp(browser, 'nora', 'en_US');
  await admin.goto('/admin');
  await admin.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(nora.email);
  await admin.getByRole('button', { name: `Storage of ${nora.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Storage of ${nora.email}` });
  await expect(dialog.getByText('No storage beyond the base quota.')).toBeVisible();
  const plan = dialog.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('No plan bought on the web.')).toBeVisible();
  await expect(plan.getByText('No card stored.')).toBeVisible();
  const maxOf = async () => {
    const text = (await dialog.getByText(/ of .* used/).textContent()) ?? '';
    return Number(/of ([\d.,]+)/.exec(text)?.[1]?.replace(',', '.') ?? 'NaN');
  };
  const before = await maxOf();

  await dialog.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Customer service' });
  await dialog.getByRole('spinbutton', { name: 'Size in GB' }).fill('5');
  await dialog.getByRole('button', { name: 'Give storage' }).click();
  await expect(dialog.getByText('5 GB added')).toBeVisible();
  await expect.poll(maxOf).toBeGreaterThan(before);
  await axe(admin, '[role="dialog"]', { contrast: true });
  await shootStorage(admin, 'admin-storage-granted');

  await dialog.getByRole('button', { name: 'End 5 GB from Customer service' }).click();
  const confirm = admin.getByRole('dialog', { name: 'End this storage?' });
  await confirm.getByRole('button', { name: 'End' }).click();
  await expect(dialog.getByText(/· Ended /)).toBeVisible();
  await expect.poll(maxOf).toBe(before);
  await shootStorage(admin, 'admin-storage-ended');
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the operator publishes terms, writes a card and disables an account; the user meets each', async ({
  browser,
}) => {
  const { page: admin, account: operator } = await signedUp(browser, 'operator', 'en_US');
  expect(trove('operator', operator.email)).toContain('is an operator');
  await admin.goto('/settings');
  await admin.getByRole('link', { name: /Admin area/ }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(operator.email);
  await expect(admin.getByText(operator.email)).toBeVisible();
  await axe(admin, undefined, { contrast: true });
  await shootBoth(admin, 'admin-users-en');

  // Terms: a new version, English and Norwegian.
  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Terms of service' })
    .click();
  const version = `e2e-${String(Date.now())}`;
  await admin.getByRole('textbox', { name: 'Version' }).fill(version);
  await admin
    .getByRole('textbox', { name: 'Text in English (required)' })
    .fill(
      'Terms of service\n\n1. Be kind to other people.\n2. Keep only what you may keep.\n3. We keep your photos safe and private.',
    );
  await admin
    .getByRole('textbox', { name: /Text in Norsk/ })
    .fill(
      'Vilkår for bruk\n\n1. Vær snill mot andre.\n2. Lagre bare det du har lov til å lagre.\n3. Vi tar vare på bildene dine og holder dem private.',
    );
  await admin.getByRole('button', { name: 'Publish' }).click();
  await admin
    .getByRole('dialog', { name: `Publish version ${version}?` })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(admin.getByText(version, { exact: true })).toBeVisible();
  await axe(admin);
  await shootBoth(admin, 'admin-terms-en');

  // A Norwegian user signs up: the terms prompt comes first, in Norwegian.
  const { page: nora, account: noraAccount } = await signedUp(browser, 'nora', 'nb_NO');
  const prompt = nora.getByRole('dialog', { name: 'Oppdaterte vilkår for bruk' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Vær snill mot andre.', { exact: false })).toBeVisible();
  const size = await prompt.boundingBox();
  expect([Math.round(size?.width ?? 0), Math.round(size?.height ?? 0)]).toEqual([488, 418]);
  await axe(nora, '[role="dialog"]', { contrast: true });
  await insidePhone(nora, '.terms-prompt');
  await shootBoth(nora, 'terms-prompt-nb');

  // The operator is asked too, in English.
  await admin.goto('/photos');
  const adminPrompt = admin.getByRole('dialog', { name: 'Updated terms of service' });
  await expect(adminPrompt).toBeVisible();
  await shootBoth(admin, 'terms-prompt-en');
  await adminPrompt.getByRole('button', { name: 'Accept' }).click();
  await expect(adminPrompt).toBeHidden();

  // A card for everyone, written by keyboard where it counts.
  await admin.goto('/admin/cards');
  await admin.getByRole('textbox', { name: 'Title' }).fill('Albums can have a password');
  await admin
    .getByRole('textbox', { name: 'Message text' })
    .fill('Give a shared album a password, and only those you tell it to can open it.');
  await admin.getByRole('combobox', { name: 'Illustration' }).selectOption('photos');
  await admin.getByRole('textbox', { name: 'Button text' }).fill('Show my albums');
  await admin.getByRole('textbox', { name: 'Address' }).fill('/albums');
  await admin.getByRole('button', { name: 'Write message' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('The message is written.')).toBeVisible();
  await expect(admin.getByText('Albums can have a password').last()).toBeVisible();
  await axe(admin);
  await shootBoth(admin, 'admin-cards-en');

  // Nora accepts the terms; the card follows (the operator's words, her UI in Norwegian).
  await prompt.getByRole('button', { name: 'Godta' }).click();
  await expect(prompt).toBeHidden();
  await nora.reload();
  const card = nora.getByRole('dialog', { name: 'Albums can have a password' });
  await expect(card).toBeVisible();
  await axe(nora, '[role="dialog"]', { contrast: true });
  await shootBoth(nora, 'card-nb');
  await admin.goto('/photos');
  const adminCard = admin.getByRole('dialog', { name: 'Albums can have a password' });
  await expect(adminCard).toBeVisible();
  await shootBoth(admin, 'card-en');
  // Closed, not dismissed: it is put away for this visit only, by keyboard.
  await admin.keyboard.press('Escape');
  await expect(adminCard).toBeHidden();
  await card.getByRole('button', { name: 'Show my albums' }).click();
  await expect(nora).toHaveURL(/\/albums$/);
  await expect(card).toBeHidden();

  // The operator disables Nora from the users list, by keyboard.
  await admin.goto('/admin');
  await admin.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(noraAccount.email);
  const disable = admin.getByRole('button', { name: `Disable ${noraAccount.email}` });
  await disable.focus();
  await admin.keyboard.press('Enter');
  const confirm = admin.getByRole('dialog', { name: `Disable ${noraAccount.email}?` });
  await expect(confirm).toBeVisible();
  await axe(admin, '[role="dialog"]');
  await insidePhone(admin, '.dialog');
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('button', { name: `Enable ${noraAccount.email}` })).toBeVisible();

  // Nora's next call ends her session: the account-terminated page, in her language.
  await nora.goto('/photos');
  await expect(nora).toHaveURL(/\/error\/user_disabled$/);
  await expect(nora.getByRole('heading', { name: 'Kontoen er avsluttet' })).toBeVisible();
  await axe(nora, undefined, { contrast: true });
  await shootBoth(nora, 'terminated-nb');
  await nora.context().addCookies([{ name: 'trove_locale', value: 'en_US', url: origin }]);
  await nora.reload();
  await expect(nora.getByRole('heading', { name: 'The account has been terminated' })).toBeVisible();
  await shootBoth(nora, 'terminated-en');

  // The audit log shows all of it, the command line's part too.
  await admin.goto('/admin/audit');
  await expect(admin.getByText(`Disabled ${noraAccount.email}`)).toBeVisible();
  await expect(admin.getByText(`Published terms of service ${version}`)).toBeVisible();
  await expect(admin.getByText(`Made ${operator.email} an operator`)).toBeVisible();
  await axe(admin, undefined, { contrast: true });
  await shootBoth(admin, 'admin-audit-en');
});
