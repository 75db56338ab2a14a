/**
 * The stand-in for Stripe.js (/sandbox/stripe.js) in Chromium under the app's CSP, against
 * these endpoints and a SandboxProvider on SQLite, with the real @stripe/react-stripe-js:
 *   npm run build && node apps/server/src/payments/sandbox/browser-check.test-support.ts [port]
 * Types the test cards, checks the outcomes and that nothing but the page's origin is
 * requested, and writes screenshots at 1280 and 360 px to .tmp/sandbox-stripe/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright';
import { build } from 'vite';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { registerSandboxRoutes, sandboxScriptFile } from './http.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { PRICES, SECRET } from './sandbox.test-support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const port = Number(process.argv[2] ?? 9181);
const shots = path.join(root, '.tmp', 'sandbox-stripe');
fs.mkdirSync(shots, { recursive: true });

// The check page, bundled with React and the real Stripe libraries (not part of the app).
const pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-check-'));
await build({
  root: path.join(root, 'apps/web'),
  logLevel: 'warn',
  configFile: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: pageDir,
    emptyOutDir: true,
    lib: { entry: 'src/sandbox-stripe/check-page.ts', formats: ['es'], fileName: () => 'page.js' },
  },
});
const pageJs = fs.readFileSync(path.join(pageDir, 'page.js'));
const html =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<script src="/sandbox/stripe.js"></script><script type="module" src="/page.js"></script></head>' +
  '<body style="margin:0"><div id="root"></div></body></html>';

const database = await openTestDatabase('sqlite');
const provider = new SandboxProvider({
  db: database.handle.db,
  now: Date.now,
  prices: PRICES,
  webhookSecret: SECRET,
  graceMs: 0,
  sink: () => Promise.resolve(),
});
const app = Fastify();
registerSecurityHeaders(app, []);
await registerSandboxRoutes(app, {
  provider,
  scriptFile: sandboxScriptFile(path.join(root, 'apps/web/dist')),
});
let users = 0;
const customer = async () =>
  (await provider.ensureCustomer({ userId: `u${String(++users)}`, email: 'a@example.com', name: 'A' }))
    .customerId;
app.get('/', (_q, reply) => reply.type('text/html').send(html));
app.get('/page.js', (_q, reply) => reply.type('text/javascript').send(pageJs));
app.post('/check/setup_intent', async () => ({
  clientSecret: (await provider.createSetupIntent(await customer(), `k${String(users)}`)).clientSecret,
}));
app.post('/check/payment', async () => {
  // A customer whose card asks for 3-D Secure on every payment (4000 0027 6000 3184).
  const customerId = await customer();
  const si = await provider.createSetupIntent(customerId, `p${String(users)}`);
  await provider.confirmSetupIntent(si.clientSecret, {
    number: '4000002760003184',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  await provider.authenticateSetupIntent(si.clientSecret, true);
  await provider.finishSetupIntent(customerId, si.id);
  const change = await provider.createSubscription({
    customerId,
    priceId: 'price_100_monthly',
    key: `s${String(users)}`,
  });
  if (change.status !== 'requires_action') throw new Error(`expected requires_action: ${change.status}`);
  return { clientSecret: change.clientSecret };
});
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${String(port)}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const problems: string[] = [];

async function open(width: number, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 740 : 860 } });
  // A CSP violation or a script error shows here; a card's 402 is its expected answer and
  // Chromium asks for /favicon.ico (404), so HTTP statuses are checked from the responses.
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
      problems.push(`${String(width)}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() !== 402 && !r.url().endsWith('/favicon.ico'))
      problems.push(`${String(r.status())} ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`${String(width)}: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(base)) problems.push(`foreign request ${r.url()}`);
  });
  await page.goto(`${base}/${query}`);
  return page;
}

async function typeCard(page: Page, number: string, label = 'Card number') {
  await page.getByLabel(label).pressSequentially(number);
  await page.getByLabel(/MM\/|ММ\//).pressSequentially('1234');
  await page.getByLabel(/CVC/).pressSequentially('123');
}

const result = async (page: Page) => {
  await page.locator('#result:not(:empty)').waitFor();
  return JSON.parse((await page.locator('#result').textContent()) ?? '{}') as Record<string, unknown>;
};

for (const width of [1280, 360]) {
  const page = await open(width);
  const save = page.getByRole('button', { name: 'Save card' });
  await page.getByLabel('Card number').waitFor();
  await page.screenshot({ path: path.join(shots, `form-empty-${String(width)}.png`), fullPage: true });
  const height = (await page.locator('.trove-sandbox-card').boundingBox())?.height ?? 0;
  assert.ok(height >= 320, `form height ${String(height)}`);
  assert.equal(await save.isDisabled(), true);
  await page.getByLabel('Card number').pressSequentially('4242');
  await page.getByLabel(/MM\//).click();
  await page.screenshot({ path: path.join(shots, `form-incomplete-${String(width)}.png`), fullPage: true });
  // Back in the field, the caret where a click at its end puts it.
  await page.getByLabel('Card number').click();
  await page.getByLabel('Card number').press('End');
  await page.getByLabel('Card number').pressSequentially('424242424242');
  await page.getByLabel(/MM\//).pressSequentially('1234');
  await page.getByLabel(/CVC/).pressSequentially('123');
  await page.screenshot({ path: path.join(shots, `form-complete-${String(width)}.png`), fullPage: true });
  await page.locator('button:enabled', { hasText: 'Save card' }).waitFor({ timeout: 5000 });
  await save.click();
  assert.deepEqual((await result(page)).setupIntent, {
    id: ((await result(page)).setupIntent as { id: string }).id,
    object: 'setup_intent',
    status: 'succeeded',
    client_secret: ((await result(page)).setupIntent as { client_secret: string }).client_secret,
  });

  const declined = await open(width, '?lang=sv-SE');
  await typeCard(declined, '4000000000000002', 'Kortnummer');
  await declined.getByRole('button', { name: 'Save card' }).click();
  assert.deepEqual((await result(declined)).error, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Kortet nekades.',
  });
  await declined.screenshot({ path: path.join(shots, `declined-sv-${String(width)}.png`), fullPage: true });

  for (const complete of [true, false]) {
    const secure = await open(width, complete ? '' : '?lang=bg');
    await typeCard(secure, '4000002500003155', complete ? 'Card number' : 'Номер на картата');
    await secure.getByRole('button', { name: 'Save card' }).click();
    const dialog = secure.getByRole('dialog');
    await dialog.waitFor();
    if (complete) {
      await secure.screenshot({ path: path.join(shots, `3ds-${String(width)}.png`) });
      const box = await dialog.boundingBox();
      assert.ok(box !== null && box.x >= 0 && box.x + box.width <= width, 'the dialog fits');
    } else await secure.screenshot({ path: path.join(shots, `3ds-bg-${String(width)}.png`) });
    // Keyboard only: focus starts on Complete; Tab reaches Fail and cannot leave the dialog.
    if (!complete) await secure.keyboard.press('Tab');
    await secure.keyboard.press('Tab');
    await secure.keyboard.press('Tab');
    const focused = await secure.locator('[role=dialog] :focus').count();
    assert.equal(focused, 1, 'focus stays in the dialog');
    await secure.keyboard.press('Enter');
    const r = await result(secure);
    if (complete) assert.equal((r.setupIntent as { status: string }).status, 'succeeded');
    else assert.equal((r.error as { code: string }).code, 'setup_intent_authentication_failure');
  }

  const pay = await open(width, '?pay');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await pay.getByRole('button', { name: 'Complete authentication' }).click();
  assert.equal(((await result(pay)).paymentIntent as { status: string }).status, 'succeeded');
}

await browser.close();
await app.close();
await database.cleanup();
assert.deepEqual(problems, []);
console.log(`ok: screenshots in ${shots}`);
