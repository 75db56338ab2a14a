import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signWebhook, verifyWebhook, WebhookSignatureError } from './webhook-signature.ts';

const secret = 'whsec_test_secret';
const now = Date.UTC(2026, 10, 28, 12);
const body = JSON.stringify({
  id: 'evt_1',
  type: 'invoice.paid',
  created: now / 1000,
  data: { object: { id: 'in_1' } },
});

function reason(f: () => unknown): string | undefined {
  try {
    f();
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('webhook signatures', () => {
  test('a good signature verifies and yields the event; the header matches Stripe’s formula', () => {
    const header = signWebhook(body, secret, now);
    const t = now / 1000;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    expect(verifyWebhook(Buffer.from(body), header, secret, now + 10_000)).toMatchObject({ id: 'evt_1' });
  });

  test('the same delivery verifies twice (deduplication by event id is the receiver’s job)', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhook(body, header, secret, now)).toEqual(verifyWebhook(body, header, secret, now + 1000));
  });

  test('a replay outside the 300 s tolerance is refused, inside it is accepted', () => {
    const header = signWebhook(body, secret, now);
    expect(reason(() => verifyWebhook(body, header, secret, now + 300_000))).toBeUndefined();
    expect(reason(() => verifyWebhook(body, header, secret, now + 301_000))).toBe('outside_tolerance');
    expect(reason(() => verifyWebhook(body, header, secret, now - 301_000))).toBe('outside_tolerance');
  });

  test('a signature made with another secret is refused', () => {
    expect(reason(() => verifyWebhook(body, signWebhook(body, 'whsec_other', now), secret, now))).toBe(
      'no_matching_signature',
    );
  });

  test('one byte of the body changed is refused', () => {
    const header = signWebhook(body, secret, now);
    const altered = Buffer.from(body);
    altered.writeUInt8(altered.readUInt8(10) ^ 1, 10);
    expect(reason(() => verifyWebhook(altered, header, secret, now))).toBe('no_matching_signature');
  });

  test('a missing or malformed header is refused', () => {
    expect(reason(() => verifyWebhook(body, undefined, secret, now))).toBe('missing_header');
    expect(reason(() => verifyWebhook(body, '', secret, now))).toBe('missing_header');
    expect(reason(() => verifyWebhook(body, 'v1=abcd', secret, now))).toBe('malformed_header');
    expect(reason(() => verifyWebhook(body, `t=${now / 1000}`, secret, now))).toBe('malformed_header');
  });

  test('any one of several v1 signatures may match (a secret being rolled)', () => {
    const good = signWebhook(body, secret, now);
    const [t, v1] = good.split(',');
    const stale = signWebhook(body, 'whsec_old', now).split(',')[1];
    expect(verifyWebhook(body, `${t},${stale},${v1},v0=ignored`, secret, now)).toMatchObject({ id: 'evt_1' });
    expect(reason(() => verifyWebhook(body, `${t},${stale},v1=zz`, secret, now))).toBe(
      'no_matching_signature',
    );
  });
});
