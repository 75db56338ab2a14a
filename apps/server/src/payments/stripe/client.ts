import Stripe from 'stripe';
import { PaymentProviderError, type PaymentProviderErrorCode } from '../provider.ts';

/**
 * The Stripe API version this adapter is written against, pinned in code (STACK.md;
 * RESEARCH-ACCOUNT-PAYMENTS §1.1: 2026-09-30.endive made `billing_cycle_anchor` an object, a
 * version the account's default could silently move past). It is the installed SDK's own
 * version, so its types describe exactly the shapes sent and read here.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeClientOptions {
  secretKey: string;
  /** Another API host (tests: the loopback server). Production leaves it unset. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Retries of a failed connection, a 409 or a 5xx, with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

export function createStripeClient(o: StripeClientOptions): Stripe {
  return new Stripe(o.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: o.maxNetworkRetries ?? 2,
    timeout: o.timeoutMs ?? 30_000,
    // No request metrics sent to Stripe about earlier requests.
    telemetry: false,
    appInfo: { name: 'Trove' },
    ...(o.api === undefined ? {} : { host: o.api.host, port: o.api.port, protocol: o.api.protocol }),
  });
}

/** A secret or restricted key anywhere in a message (Stripe masks most of it, but not all). */
const KEY_PATTERN = /\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9*]+/g;

/** A message safe to log and show: no key, not even Stripe's masked form of it. */
export function redactKeys(message: string, secretKey: string): string {
  const withoutKey = secretKey === '' ? message : message.split(secretKey).join('[redacted key]');
  return withoutKey.replace(KEY_PATTERN, '[redacted key]');
}

/**
 * Stripe's error as the provider interface names it. Card errors keep their reason
 * (insufficient funds, an expired card, a bad number, 3-D Secure needed off-session); an
 * unknown object is `no_such_object`, a reused idempotency key `idempotency_key_reused`;
 * everything else, a 5xx that outlived the SDK's retries included, is `invalid_request` with
 * Stripe's message (never the secret key).
 */
export function mapStripeError(error: unknown, secretKey: string): Error {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  const message = redactKeys(error.message, secretKey);
  return new PaymentProviderError(codeOf(error), message);
}

function codeOf(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentProviderErrorCode {
  if (error.rawType === 'idempotency_error' || error instanceof Stripe.errors.StripeIdempotencyError)
    return 'idempotency_key_reused';
  if (error.code === 'resource_missing') return 'no_such_object';
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required')
    return 'authentication_required';
  if (error.rawType === 'card_error' || error instanceof Stripe.errors.StripeCardError)
    return cardCode(error.code, error.decline_code);
  return 'invalid_request';
}

/** A card error's reason: the decline code says more than the code when the card was declined. */
export function cardCode(
  code: string | undefined,
  declineCode: string | undefined,
): PaymentProviderErrorCode {
  if (declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired_card';
  if (code === 'incorrect_number' || code === 'invalid_number' || declineCode === 'incorrect_number')
    return 'invalid_card_number';
  return 'card_declined';
}

/** Runs one SDK call; a Stripe error comes out as a PaymentProviderError. */
export async function call<T>(secretKey: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw mapStripeError(error, secretKey);
  }
}

/** The id of an expandable field, expanded or not. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}
