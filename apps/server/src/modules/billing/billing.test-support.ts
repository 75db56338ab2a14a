import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { signUp, type Session, type TestApp } from '../../test/harness.ts';

/** Settings of a billing suite: the sandbox provider, the test routes, a lasting sign-in. */
export const BILLING_ENV = {
  BILLING: 'sandbox',
  TEST_ROUTES: 'true',
  FRESH_LOGIN_WINDOW_S: String(366 * 86_400),
} as const;

/** A billing call of `s` (spec 001 §7, under /st/4). */
export async function call(
  t: TestApp,
  s: Session,
  method: InjectOptions['method'],
  path: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/st/4${path}?${s.query}`,
    headers: { ...s.headers, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

/** The sandbox of the app under test. */
export function sandboxOf(t: TestApp) {
  const sandbox = t.app.billing.payments?.sandbox;
  if (!sandbox) throw new Error('BILLING=sandbox expected');
  return sandbox;
}

/**
 * A signed-up user with a customer and the test card `number` as default (3-D Secure
 * completed when the card asks), set up through the routes as the web client does.
 */
export async function customerWithCard(t: TestApp, number = '4242424242424242'): Promise<Session> {
  const s = await signUp(t.app);
  expect((await call(t, s, 'GET', '/stripe/customer_exists')).statusCode).toBe(404);
  const created = await call(t, s, 'POST', '/stripe/create_customer', {
    payload: { name: 'Test User', email: 'test@example.com' },
  });
  expect(created.statusCode).toBe(200);
  await addCard(t, s, number);
  return s;
}

/** Sets the test card `number` as the caller's card (create_setup_intent, confirm, finish). */
export async function addCard(t: TestApp, s: Session, number: string) {
  const intent = await call(t, s, 'POST', '/stripe/create_setup_intent');
  expect(intent.statusCode).toBe(200);
  const { client_secret: secret, id } = intent.json<{ client_secret: string; id: string }>();
  const sandbox = sandboxOf(t);
  const confirmed = await sandbox.confirmSetupIntent(secret, {
    number,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  if (confirmed.status === 'requires_action') await sandbox.authenticateSetupIntent(secret, true);
  const finished = await call(t, s, 'POST', '/stripe/finish_setup_intent', {
    payload: { setup_intent_id: id },
  });
  expect(finished.statusCode).toBe(200);
  return finished.json<{ brand: string; last4: string }>();
}

let keys = 0;
/** Buys (POST) or changes to (PUT) `plan`; a fresh Idempotency-Key unless given. */
export async function purchase(
  t: TestApp,
  s: Session,
  method: 'POST' | 'PUT',
  plan: string,
  key = `key-${String(++keys)}-${String(Date.now())}`,
) {
  return call(t, s, method, '/stripe/v1/purchase', {
    payload: { plan },
    headers: { 'idempotency-key': key },
  });
}
