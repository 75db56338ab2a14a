import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../http/logging.ts';
import { DIALECTS } from '../../test/harness.ts';
import { registerSandboxRoutes } from './http.ts';
import { useSandbox } from './sandbox.test-support.ts';

const CARD = { exp_month: 12, exp_year: 2034, cvc: '123' };

/** The sandbox's Stripe-shaped endpoints, as /sandbox/stripe.js calls them (SQLite and PostgreSQL). */
describe.each(DIALECTS)('sandbox HTTP endpoints (%s)', (dialect) => {
  const open = useSandbox(dialect);
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A Fastify instance with the plugin, every log line kept, and a fresh SetupIntent. */
  async function setup(scriptFile?: string) {
    const sandbox = await open();
    const logs: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    const server = Fastify({ logger: loggerOptions({ level: 'trace', stream }) });
    app = server;
    await registerSandboxRoutes(server, { provider: sandbox.provider, scriptFile });
    const { customerId } = await sandbox.provider.ensureCustomer({ userId: 'u1', email: 'a@b.c', name: 'A' });
    const si = await sandbox.provider.createSetupIntent(customerId, 'k1');
    const post = (url: string, payload: object) => server.inject({ method: 'POST', url, payload });
    return { ...sandbox, server, customerId, si, logs, post };
  }

  it('confirms a setup intent with 4242…: succeeded, the card number neither answered nor logged', async () => {
    const { post, si, logs, provider, customerId } = await setup();
    const res = await post('/sandbox/setup_intents/confirm', {
      client_secret: si.clientSecret,
      card: { number: '4242 4242 4242 4242', ...CARD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: si.id,
      object: 'setup_intent',
      status: 'succeeded',
      client_secret: si.clientSecret,
    });
    expect(res.body).not.toContain('4242');
    expect(logs.join('')).not.toMatch(/4242|2034/);
    expect(logs.join('')).not.toContain(si.clientSecret);
    expect(await provider.finishSetupIntent(customerId, si.id)).toMatchObject({ last4: '4242' });
    const again = await post('/sandbox/setup_intents/retrieve', { client_secret: si.clientSecret });
    expect(again.json()).toMatchObject({ id: si.id, status: 'succeeded' });
  });

  it('a declined card is a Stripe card_error, 402', async () => {
    const { post, si } = await setup();
    const res = await post('/sandbox/setup_intents/confirm', {
      client_secret: si.clientSecret,
      card: { number: '4000000000000002', ...CARD },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    const real = await post('/sandbox/setup_intents/confirm', {
      client_secret: si.clientSecret,
      card: { number: '4111 1111 1111 1112', ...CARD },
    });
    expect(real.json()).toMatchObject({ error: { code: 'incorrect_number' } });
    expect(real.body).not.toContain('1112');
  });

  it('3-D Secure on setup: requires_action, then complete succeeds; fail is setup_intent_authentication_failure', async () => {
    const { post, si, provider, customerId } = await setup();
    const card = { number: '4000 0025 0000 3155', ...CARD };
    const res = await post('/sandbox/setup_intents/confirm', { client_secret: si.clientSecret, card });
    expect(res.json()).toMatchObject({ status: 'requires_action' });
    const done = await post('/sandbox/setup_intents/authenticate', {
      client_secret: si.clientSecret,
      complete: true,
    });
    expect(done.json()).toMatchObject({ id: si.id, status: 'succeeded' });

    const other = await provider.createSetupIntent(customerId, 'k2');
    await post('/sandbox/setup_intents/confirm', { client_secret: other.clientSecret, card });
    const failed = await post('/sandbox/setup_intents/authenticate', {
      client_secret: other.clientSecret,
      complete: false,
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({
      error: {
        code: 'setup_intent_authentication_failure',
        setup_intent: { id: other.id, status: 'requires_payment_method' },
      },
    });
  });

  it('the client secret is the authority: an unknown or malformed secret is refused', async () => {
    const { post } = await setup();
    const unknown = await post('/sandbox/setup_intents/confirm', {
      client_secret: 'seti_nothing_secret_nothing',
      card: { number: '4242424242424242', ...CARD },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'resource_missing' } });
    const malformed = await post('/sandbox/setup_intents/authenticate', {
      client_secret: 'x',
      complete: true,
    });
    expect(malformed.statusCode).toBe(400);
    // Every route refuses a secret that names no intent (the deny of each route).
    for (const [url, extra] of [
      ['/sandbox/setup_intents/retrieve', {}],
      ['/sandbox/setup_intents/authenticate', { complete: true }],
      ['/sandbox/payment_intents/authenticate', { complete: true }],
    ] as const) {
      const res = await post(url, { client_secret: 'seti_nothing_secret_nothing', ...extra });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({
        error: { type: 'invalid_request_error', code: 'resource_missing' },
      });
    }
  });

  it('a payment asking for 3-D Secure: complete pays it; fail leaves requires_payment_method', async () => {
    const { post, customerWithCard, provider } = await setup();
    for (const complete of [true, false]) {
      const customerId = await customerWithCard('4000 0027 6000 3184');
      const change = await provider.createSubscription({
        customerId,
        priceId: 'price_100_monthly',
        key: `sub-${String(complete)}`,
      });
      if (change.status !== 'requires_action') throw new Error(`expected requires_action: ${change.status}`);
      const res = await post('/sandbox/payment_intents/authenticate', {
        client_secret: change.clientSecret,
        complete,
      });
      if (complete) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ object: 'payment_intent', status: 'succeeded' });
        expect((await provider.fetchCustomerState(customerId)).subscription?.status).toBe('active');
      } else {
        expect(res.statusCode).toBe(402);
        expect(res.json()).toMatchObject({
          error: {
            code: 'payment_intent_authentication_failure',
            payment_intent: { status: 'requires_payment_method' },
          },
        });
      }
    }
  });

  it('serves the built script, and 404 when the client was not built', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-js-'));
    const file = path.join(dir, 'stripe.js');
    fs.writeFileSync(file, 'window.Stripe=function(){};');
    const { provider, server } = await setup(file);
    const res = await server.inject({ url: '/sandbox/stripe.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toBe('window.Stripe=function(){};');
    const unbuilt = Fastify();
    app = unbuilt;
    await server.close();
    await registerSandboxRoutes(unbuilt, { provider, scriptFile: path.join(dir, 'none.js') });
    expect((await unbuilt.inject({ url: '/sandbox/stripe.js' })).statusCode).toBe(404);
    fs.rmSync(dir, { recursive: true });
  });
});
