import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signature scheme (RESEARCH-ACCOUNT-PAYMENTS §1.3 points 7 and 8): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The sandbox
 * signs its events with it, so the webhook's verification is the production path.
 */

/** Stripe's default tolerance: a signature older (or newer) than this is a replay. */
export const SIGNATURE_TOLERANCE_S = 300;

/** Why a webhook was refused; the route answers 400 to all of them. */
export class WebhookSignatureError extends Error {
  readonly reason: 'missing_header' | 'malformed_header' | 'outside_tolerance' | 'no_matching_signature';

  constructor(reason: WebhookSignatureError['reason'], message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
    this.reason = reason;
  }
}

function hmacHex(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** The `Stripe-Signature` header value for `rawBody` signed at `nowMs`. */
export function signWebhook(rawBody: Buffer | string, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

/**
 * Checks `header` against `rawBody` (the bytes as received, before any JSON parsing) and returns
 * the body parsed. Several v1 values may be present (Stripe sends one per active secret while a
 * secret is rolled); one match suffices. Throws {@link WebhookSignatureError}.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowMs: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): unknown {
  if (header === undefined || header === '')
    throw new WebhookSignatureError('missing_header', 'no Stripe-Signature header');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new WebhookSignatureError(
      'malformed_header',
      'the Stripe-Signature header has no timestamp or no v1 signature',
    );
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    // timingSafeEqual needs equal lengths; the length of a hex digest is no secret.
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('no_matching_signature', 'no signature matches the body');
  // Checked after the signature, so a forged timestamp cannot tell a prober anything.
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > toleranceS)
    throw new WebhookSignatureError(
      'outside_tolerance',
      'the signature is outside the tolerance (a replay?)',
    );
  return JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) as unknown;
}
