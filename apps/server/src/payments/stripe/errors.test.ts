import { describe, expect, it } from 'vitest';
import { refusal, useStripeFake } from './stripe-fake.test-support.ts';

/** Stripe's errors as the provider interface names them, over the loopback server. */

const fake = useStripeFake();

describe('StripeProvider error mapping', () => {
  const card = (body: string, status = 402) => {
    fake.on({ method: 'POST', path: '/v1/setup_intents', status, body });
    return refusal(fake.provider().createSetupIntent('cus_TroveTest01', 'k'));
  };

  it('402 card_declined with insufficient_funds → insufficient_funds; expired_card; authentication_required', async () => {
    const declined = await card('error-card-declined');
    expect([declined.code, declined.message]).toEqual([
      'insufficient_funds',
      'Your card has insufficient funds.',
    ]);
    expect((await card('error-expired-card')).code).toBe('expired_card');
    expect((await card('error-auth-required')).code).toBe('authentication_required');
  });

  it('404 resource_missing → no_such_object; 400 idempotency_error → idempotency_key_reused', async () => {
    expect((await card('error-resource-missing', 404)).code).toBe('no_such_object');
    expect((await card('error-idempotency', 400)).code).toBe('idempotency_key_reused');
  });

  it('500 is retried by the SDK with the same idempotency key, then invalid_request', async () => {
    const error = await card('error-api', 500);
    expect([error.code, error.message]).toEqual([
      'invalid_request',
      "Sorry, something went wrong. We've already been notified of the problem.",
    ]);
    const sent = fake.sent('POST', '/v1/setup_intents');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['k', 'k']);
  });

  it('a 500 then a success is one success', async () => {
    fake.on(
      { method: 'POST', path: '/v1/setup_intents', body: 'setup-intent-created' },
      { method: 'POST', path: '/v1/setup_intents', status: 500, body: 'error-api', times: 1 },
    );
    expect((await fake.provider().createSetupIntent('cus_TroveTest01', 'k')).id).toBe('seti_1TroveSetup');
  });

  it('401 is invalid_request and never carries the key, not even masked', async () => {
    const error = await card('error-authentication', 401);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('Invalid API Key provided: [redacted key]');
    expect(error.message).not.toContain('sk_test');
  });
});
