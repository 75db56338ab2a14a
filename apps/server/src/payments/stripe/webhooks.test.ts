import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../webhook-signature.ts';
import { useStripeFake, TEST_WEBHOOK_SECRET } from './stripe-fake.test-support.ts';

/** Webhooks signed with Stripe's own test helper, verified by the provider (constructEvent, 300 s). */

const fake = useStripeFake();

const NOW = 1_795_000_000_000;
const event = {
  id: 'evt_1TroveInvoicePaid',
  object: 'event',
  api_version: '2026-10-28.endive',
  created: NOW / 1000,
  data: { object: { id: 'in_1TroveFirst', object: 'invoice', customer: 'cus_TroveTest01', status: 'paid' } },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type: 'invoice.paid',
};
const sign = (payload: string, timestampS = NOW / 1000, secret = TEST_WEBHOOK_SECRET) =>
  new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampS });

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return (error as WebhookSignatureError).reason;
  }
  throw new Error('accepted');
}

describe('StripeProvider.verifyWebhook', () => {
  it('a good signature gives id, type and the customer; a customer event names itself', () => {
    const provider = fake.provider({ now: () => NOW });
    const body = JSON.stringify(event);
    expect(provider.verifyWebhook(Buffer.from(body), sign(body))).toEqual({
      id: 'evt_1TroveInvoicePaid',
      type: 'invoice.paid',
      customerId: 'cus_TroveTest01',
    });
    const deleted = JSON.stringify({
      ...event,
      id: 'evt_2',
      type: 'customer.deleted',
      data: { object: { id: 'cus_TroveTest01', object: 'customer', deleted: true } },
    });
    expect(provider.verifyWebhook(Buffer.from(deleted), sign(deleted)).customerId).toBe('cus_TroveTest01');
    // Still inside the 300 s tolerance.
    expect(fake.provider({ now: () => NOW + 299_000 }).verifyWebhook(Buffer.from(body), sign(body)).id).toBe(
      'evt_1TroveInvoicePaid',
    );
  });

  it('refuses another secret, a stale timestamp, a body with one byte changed, and no header', () => {
    const provider = fake.provider({ now: () => NOW });
    const body = JSON.stringify(event);
    expect(
      reason(() => provider.verifyWebhook(Buffer.from(body), sign(body, NOW / 1000, 'whsec_other'))),
    ).toBe('no_matching_signature');
    expect(reason(() => provider.verifyWebhook(Buffer.from(body), sign(body, NOW / 1000 - 301)))).toBe(
      'outside_tolerance',
    );
    const changed = Buffer.from(body);
    changed[changed.indexOf('paid')] = 'P'.charCodeAt(0);
    expect(reason(() => provider.verifyWebhook(changed, sign(body)))).toBe('no_matching_signature');
    expect(reason(() => provider.verifyWebhook(Buffer.from(body), undefined))).toBe('missing_header');
    expect(reason(() => provider.verifyWebhook(Buffer.from(body), 'garbage'))).toBe('malformed_header');
  });
});
