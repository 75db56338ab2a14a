import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { SandboxStripe } from '../../sandbox-stripe/stripe.ts';
import { renderApp } from '../../test/render.tsx';
import { aSubscription, billingRoutes } from './test-billing.ts';

/*
 * The subscribe wizard (spec 001 §4, §5, §8) with the sandbox's stand-in for Stripe.js as
 * window.Stripe (as /sandbox/stripe.js sets it), its endpoints faked here; the app's calls
 * answered by renderApp's fake server.
 */

const SECRET = 'seti_1_secret_2';

beforeAll(() => {
  window.Stripe = SandboxStripe;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The sandbox's card endpoints: 4000 0000 0000 0002 declines, any other card succeeds. */
function stubSandbox() {
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { card?: { number: string } };
    const declined = path === '/sandbox/setup_intents/confirm' && body.card?.number === '4000000000000002';
    const answer = declined
      ? { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }
      : { id: 'seti_1', object: 'setup_intent', status: 'succeeded', client_secret: SECRET };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: declined ? 402 : 200 }));
  });
}

function wizardRoutes() {
  return {
    ...billingRoutes(),
    'GET /st/4/stripe/customer_exists': { status: 404 },
    'POST /st/4/stripe/create_customer': { body: { ok: true } },
    'POST /st/4/stripe/create_setup_intent': { body: { client_secret: SECRET, id: 'seti_1' } },
    'POST /st/4/stripe/finish_setup_intent': { body: { ok: true } },
    'POST /st/4/stripe/v1/purchase': { body: { subscription: aSubscription() } },
  };
}

async function toCardStep(user: ReturnType<typeof renderApp>['user']) {
  const welcome = await screen.findByRole('dialog', { name: 'Get more storage' });
  await user.click(within(welcome).getByRole('button', { name: 'See plans' }));
  const sub = await screen.findByRole('dialog', { name: 'Choose a plan' });
  const next = await within(sub).findByRole('button', { name: 'Continue' });
  expect((next as HTMLButtonElement).disabled).toBe(true);
  await user.click(within(sub).getByRole('radio', { name: '100 GB Monthly: NOK 29 / month' }));
  await user.click(next);
  const payment = await screen.findByRole('dialog', { name: 'Payment' });
  await user.type(
    await within(payment).findByLabelText('Card number', {}, { timeout: 5000 }),
    '4242424242424242',
  );
  return payment;
}

async function typeRest(user: ReturnType<typeof renderApp>['user'], payment: HTMLElement) {
  await user.type(within(payment).getByLabelText(/Expiration date/), '1234');
  await user.type(within(payment).getByLabelText(/Security code/), '123');
}

describe('the subscribe wizard (spec 001 §4)', () => {
  test('plan, card, terms, then customer → setup intent → confirm → finish → purchase with a key', async () => {
    stubSandbox();
    const { user, requests } = renderApp({ route: '/settings/storage?subscribe=1', routes: wizardRoutes() });
    const payment = await toCardStep(user);
    const submit = within(payment).getByRole<HTMLButtonElement>('button', { name: 'Subscribe' });
    expect(submit.disabled).toBe(true);
    await typeRest(user, payment);
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(await within(payment).findByText('You must accept the Terms of Service')).toBeTruthy();
    await user.click(within(payment).getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(submit);
    expect(await screen.findByText('Your plan is active')).toBeTruthy();
    const billing = requests
      .filter((r) => r.url.pathname.startsWith('/st/4/stripe/') && r.method !== 'GET')
      .map((r) => r.url.pathname);
    expect(billing).toEqual([
      '/st/4/stripe/create_customer',
      '/st/4/stripe/create_setup_intent',
      '/st/4/stripe/finish_setup_intent',
      '/st/4/stripe/v1/purchase',
    ]);
    const purchase = requests.find((r) => r.url.pathname === '/st/4/stripe/v1/purchase');
    expect(purchase?.body).toEqual({ plan: 'p-100-m' });
    expect(purchase?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests.find((r) => r.url.pathname === '/st/4/stripe/create_customer')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  test("a declined card says 'Confirm setup intent failed: …'; a failed purchase its text", async () => {
    stubSandbox();
    const { user } = renderApp({
      route: '/settings/storage?subscribe=1',
      routes: { ...wizardRoutes(), 'POST /st/4/stripe/v1/purchase': { status: 500 } },
    });
    const payment = await toCardStep(user);
    const number = within(payment).getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4000000000000002');
    await typeRest(user, payment);
    await user.click(within(payment).getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(within(payment).getByRole('button', { name: 'Subscribe' }));
    expect(
      await within(payment).findByText('Confirm setup intent failed: Your card was declined.'),
    ).toBeTruthy();
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(within(payment).getByRole('button', { name: 'Subscribe' }));
    expect(await within(payment).findByText('Failed to purchase subscription')).toBeTruthy();
  });

  test('a 409 of customer_exists stops the flow', async () => {
    stubSandbox();
    const { user } = renderApp({
      route: '/settings/storage?subscribe=1',
      routes: { ...wizardRoutes(), 'GET /st/4/stripe/customer_exists': { status: 409 } },
    });
    const welcome = await screen.findByRole('dialog', { name: 'Get more storage' });
    await user.click(within(welcome).getByRole('button', { name: 'See plans' }));
    const sub = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await user.click(await within(sub).findByRole('radio', { name: /^100 GB Monthly/ }));
    await user.click(within(sub).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to purchase subscription')).toBeTruthy();
  });
});
