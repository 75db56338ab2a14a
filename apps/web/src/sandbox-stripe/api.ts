import type { PaymentIntent, SetupIntent, StripeError } from '@stripe/stripe-js';
import type { MessageKey, Texts } from './messages.ts';

/**
 * The sandbox server's Stripe-shaped endpoints (apps/server/src/payments/sandbox/http.ts), on
 * the page's own origin (CSP connect-src 'self'). The client secret and the card go in the
 * JSON body, never in a URL.
 */
export type SandboxSetupIntent = Pick<SetupIntent, 'id' | 'object' | 'status' | 'client_secret'>;
export type SandboxPaymentIntent = Pick<PaymentIntent, 'id' | 'object' | 'status' | 'client_secret'>;

export type Answer<T> = { ok: true; body: T } | { ok: false; error: StripeError };

/** The card as the confirm endpoint takes it. */
export interface CardBody {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export async function post<T>(path: string, body: object, texts: Texts): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      error: { type: 'api_connection_error', message: texts('sandboxStripe.error.unexpected') },
    };
  }
  const json = (await response.json().catch(() => undefined)) as { error?: StripeError } | undefined;
  if (response.ok && json !== undefined && json.error === undefined) return { ok: true, body: json as T };
  return { ok: false, error: localised(json?.error, texts) };
}

/** A server error in the page's language, Stripe's fields kept (the message is what Stripe shows). */
export function localised(error: StripeError | undefined, texts: Texts): StripeError {
  if (error === undefined) return { type: 'api_error', message: texts('sandboxStripe.error.unexpected') };
  return { ...error, message: texts(messageKey(error)) };
}

function messageKey(error: StripeError): MessageKey {
  if (error.decline_code === 'insufficient_funds') return 'sandboxStripe.error.insufficient_funds';
  switch (error.code) {
    case 'card_declined':
      return 'sandboxStripe.error.card_declined';
    case 'expired_card':
      return 'sandboxStripe.error.expired_card';
    case 'incorrect_number':
      return 'sandboxStripe.error.incorrect_number';
    case 'setup_intent_authentication_failure':
    case 'payment_intent_authentication_failure':
      return 'sandboxStripe.error.authentication_failure';
    case 'resource_missing':
      return 'sandboxStripe.error.resource_missing';
    case undefined:
    default:
      return 'sandboxStripe.error.unexpected';
  }
}
