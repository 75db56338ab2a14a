import { expect, it } from 'vitest';
import { checkStripeKey, StripeKeyError } from './check-key.ts';
import { useStripeFake } from './stripe-fake.test-support.ts';

const fake = useStripeFake();

it('a working key passes the startup check (one balance read)', async () => {
  fake.on({ method: 'GET', path: '/v1/balance', body: 'balance' });
  await checkStripeKey(fake.provider());
  expect(fake.requests.map((r) => r.path)).toEqual(['/v1/balance']);
});

it('a refused key stops the start with a clear message and without the key', async () => {
  fake.on({ method: 'GET', path: '/v1/balance', status: 401, body: 'error-authentication' });
  const error = await checkStripeKey(fake.provider()).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(StripeKeyError);
  expect(error?.message).toMatch(
    /^STRIPE_SECRET_KEY was refused by Stripe \(401: Invalid API Key provided: \[redacted key\]\)/,
  );
  expect(error?.message).not.toMatch(/sk_test/);
});
