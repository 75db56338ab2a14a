import type { Stripe, StripeConstructor, StripeConstructorOptions, StripeError } from '@stripe/stripe-js';
import {
  type Answer,
  type CardBody,
  post,
  type SandboxPaymentIntent,
  type SandboxSetupIntent,
} from './api.ts';
import type { SandboxElement } from './element.ts';
import { SandboxElements, type SandboxElementsOptions } from './elements.ts';
import { type Texts, textsFor } from './messages.ts';
import { askThreeDSecure } from './three-d-secure.ts';

type SetupResult = { setupIntent: SandboxSetupIntent } | { error: StripeError };
type PaymentResult = { paymentIntent: SandboxPaymentIntent } | { error: StripeError };

interface ConfirmOptions {
  elements?: SandboxElements;
  clientSecret?: string;
  confirmParams?: object;
  redirect?: 'if_required' | 'always';
}

/**
 * Trove's stand-in for Stripe.js in `BILLING=sandbox` (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 9):
 * the part of the `Stripe` object that @stripe/react-stripe-js 7 and Trove's web code use,
 * talking to the sandbox provider's endpoints instead of api.stripe.com, so the same React
 * code runs offline and against real Stripe. Only `pk_sandbox_…` keys: a real key belongs to
 * real Stripe.js. The sandbox's payment intents are subscription invoices waiting for 3-D
 * Secure of the card on file, so confirming a payment is that authentication.
 */
export function createSandboxStripe(publishableKey: string, options: StripeConstructorOptions = {}) {
  if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_sandbox_'))
    throw new Error('The Trove sandbox takes only pk_sandbox_ keys; use Stripe.js for real Stripe keys.');
  const texts = (): Texts => textsFor(options.locale);
  let lastElements: SandboxElements | undefined;
  const unsupported = (what: string) =>
    Promise.resolve({
      error: {
        type: 'invalid_request_error' as const,
        message: `${what} is not available in the Trove sandbox.`,
      },
    });

  /** Confirms a setup intent with a card; 3-D Secure if the card asks for it. */
  async function setUp(secret: string | undefined, collected: { card: CardBody } | { error: StripeError }) {
    if ('error' in collected) return { error: collected.error };
    if (secret === undefined) return missingSecret();
    const confirmed = await post<SandboxSetupIntent>(
      '/sandbox/setup_intents/confirm',
      { client_secret: secret, card: collected.card },
      texts(),
    );
    if (!confirmed.ok) return { error: confirmed.error };
    if (confirmed.body.status !== 'requires_action') return { setupIntent: confirmed.body };
    return authenticate<SandboxSetupIntent>('setup', secret).then((r) => setupResult(r));
  }

  async function authenticate<T>(kind: 'setup' | 'payment', secret: string): Promise<Answer<T>> {
    const complete = await askThreeDSecure(texts());
    const path =
      kind === 'setup' ? '/sandbox/setup_intents/authenticate' : '/sandbox/payment_intents/authenticate';
    return post<T>(path, { client_secret: secret, complete }, texts());
  }

  const pay = async (secret: string): Promise<PaymentResult> => {
    const answer = await authenticate<SandboxPaymentIntent>('payment', secret);
    return answer.ok ? { paymentIntent: answer.body } : { error: answer.error };
  };

  const missingSecret = () => ({
    error: {
      type: 'invalid_request_error' as const,
      message: texts()('sandboxStripe.error.resource_missing'),
    },
  });

  /** Trove's web code always confirms with `redirect: 'if_required'`: a card never redirects. */
  const redirectRefused = () => ({
    error: {
      type: 'invalid_request_error' as const,
      message: "The Trove sandbox confirms with redirect: 'if_required' only.",
    },
  });

  const stripe = {
    _registerWrapper(_wrapper: { name: string; version?: string }): void {
      // Stripe records which wrapper library runs it, for its telemetry; the sandbox has none.
    },
    registerAppInfo(_info: { name: string; version?: string; url?: string }): void {
      // As _registerWrapper.
    },

    elements(elementsOptions: SandboxElementsOptions = {}): SandboxElements {
      lastElements = new SandboxElements(elementsOptions, options.locale);
      return lastElements;
    },

    async confirmSetup(o: ConfirmOptions): Promise<SetupResult> {
      if (o.redirect !== 'if_required') return redirectRefused();
      const elements = o.elements ?? lastElements;
      if (elements === undefined) return missingSecret();
      return setUp(o.clientSecret ?? elements.clientSecret, elements.collect());
    },

    async confirmCardSetup(
      clientSecret: string,
      data?: { payment_method?: { card?: SandboxElement } | string },
    ): Promise<SetupResult> {
      const card = typeof data?.payment_method === 'object' ? data.payment_method.card : undefined;
      const collected = card?.collect() ?? lastElements?.collect();
      if (collected === undefined) return missingSecret();
      return setUp(clientSecret, collected);
    },

    async confirmCardPayment(clientSecret: string): Promise<PaymentResult> {
      return pay(clientSecret);
    },

    async confirmPayment(o: ConfirmOptions): Promise<PaymentResult> {
      if (o.redirect !== 'if_required') return redirectRefused();
      const secret = o.clientSecret ?? o.elements?.clientSecret;
      if (secret === undefined) return missingSecret();
      return pay(secret);
    },

    async handleNextAction(o: { clientSecret: string }) {
      if (o.clientSecret.startsWith('seti_'))
        return setupResult(await authenticate<SandboxSetupIntent>('setup', o.clientSecret));
      return pay(o.clientSecret);
    },

    async retrieveSetupIntent(clientSecret: string): Promise<SetupResult> {
      const answer = await post<SandboxSetupIntent>(
        '/sandbox/setup_intents/retrieve',
        { client_secret: clientSecret },
        texts(),
      );
      return setupResult(answer);
    },

    // react-stripe-js checks that these exist (isStripe); the sandbox creates no tokens or
    // payment methods outside an intent, and says so.
    createToken: () => unsupported('createToken'),
    createPaymentMethod: () => unsupported('createPaymentMethod'),
    // Every name is one of Stripe.js's (_registerWrapper is its unpublished hook for wrappers).
  } satisfies Partial<Record<keyof Stripe | '_registerWrapper', unknown>>;
  return stripe;
}

function setupResult(answer: Answer<SandboxSetupIntent>): SetupResult {
  return answer.ok ? { setupIntent: answer.body } : { error: answer.error };
}

/**
 * `window.Stripe`. The one cast to Stripe's types: the stand-in implements the subset above
 * (its intents carry id, object, status and client_secret only), not all of `Stripe`.
 */
export const SandboxStripe = createSandboxStripe as unknown as StripeConstructor;
