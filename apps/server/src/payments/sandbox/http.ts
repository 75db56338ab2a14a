import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { PaymentProviderError } from '../provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/**
 * The sandbox's stand-in for Stripe's own API, as the card element of `/sandbox/stripe.js`
 * calls it (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 9; the script is apps/web/src/sandbox-stripe/).
 * Registered only when `BILLING=sandbox`. As with Stripe, the client secret is the authority:
 * whoever holds it may confirm or authenticate that one intent, so the routes take no token.
 * The secret travels in the JSON body, never in the URL (no access log or Referer shows it).
 * Answers never carry the card number, and nothing here logs a request body.
 */
export interface SandboxHttpOptions {
  provider: SandboxProvider;
  /**
   * The built script (apps/web/dist/sandbox/stripe.js); read once at registration. Without
   * it (the web client was not built) GET /sandbox/stripe.js is a 404.
   */
  scriptFile?: string;
}

export const SANDBOX_SCRIPT_PATH = '/sandbox/stripe.js';

/** The built stand-in inside the web client's build folder. */
export function sandboxScriptFile(webDist: string): string {
  return path.join(webDist, 'sandbox', 'stripe.js');
}

// Stripe's client secrets: `seti_…_secret_…` and `pi_…_secret_…`.
const ClientSecret = z.string().check(z.minLength(10), z.maxLength(200), z.regex(/^[A-Za-z0-9_]+$/));
const ConfirmBody = z.object({
  client_secret: ClientSecret,
  card: z.object({
    number: z.string().check(z.maxLength(30)),
    exp_month: z.number().check(z.int()),
    exp_year: z.number().check(z.int()),
    cvc: z.string().check(z.maxLength(4)),
  }),
});
const SecretBody = z.object({ client_secret: ClientSecret });
const AuthenticateBody = z.object({ client_secret: ClientSecret, complete: z.boolean() });

/** Stripe's error object (`error.type`, `code`, `decline_code`, `message`). */
interface StripeErrorBody {
  error: {
    type: 'card_error' | 'invalid_request_error';
    code: string;
    decline_code?: string;
    message: string;
  };
}

export async function registerSandboxRoutes(
  app: FastifyInstance,
  options: SandboxHttpOptions,
): Promise<void> {
  const { provider } = options;
  const publicRoute = { config: { auth: 'public' as const } };
  const script =
    options.scriptFile === undefined
      ? undefined
      : await fs.promises.readFile(options.scriptFile).catch(() => undefined);

  app.get(SANDBOX_SCRIPT_PATH, publicRoute, (_request, reply) => {
    if (script === undefined)
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    // Rebuilt with the client: always revalidated, never a stale copy after an upgrade.
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script);
  });

  app.post('/sandbox/setup_intents/confirm', publicRoute, async (request, reply) => {
    const body = ConfirmBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const { client_secret: secret, card } = body.data;
    return answer(reply, async () => {
      const { status } = await provider.confirmSetupIntent(secret, {
        number: card.number,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        cvc: card.cvc,
      });
      return setupIntent(secret, status);
    });
  });

  app.post('/sandbox/setup_intents/retrieve', publicRoute, async (request, reply) => {
    const body = SecretBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const secret = body.data.client_secret;
    return answer(reply, async () =>
      setupIntent(secret, (await provider.retrieveSetupIntent(secret)).status),
    );
  });

  app.post('/sandbox/setup_intents/authenticate', publicRoute, async (request, reply) => {
    const body = AuthenticateBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const { client_secret: secret, complete } = body.data;
    return answer(reply, async () => {
      const { status } = await provider.authenticateSetupIntent(secret, complete);
      if (status !== 'succeeded')
        return authenticationFailed(reply, 'setup_intent', setupIntent(secret, status));
      return setupIntent(secret, status);
    });
  });

  app.post('/sandbox/payment_intents/authenticate', publicRoute, async (request, reply) => {
    const body = AuthenticateBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const { client_secret: secret, complete } = body.data;
    return answer(reply, async () => {
      const { status } = await provider.confirmPayment(secret, complete);
      const intent = { id: intentId(secret), object: 'payment_intent', status, client_secret: secret };
      if (status !== 'succeeded') return authenticationFailed(reply, 'payment_intent', intent);
      return intent;
    });
  });
}

function setupIntent(secret: string, status: string) {
  return { id: intentId(secret), object: 'setup_intent', status, client_secret: secret };
}

/** The intent's id is the secret's part before `_secret_`, as in Stripe's secrets. */
function intentId(secret: string): string {
  return secret.split('_secret_')[0] ?? '';
}

function badRequest(reply: FastifyReply) {
  const body: StripeErrorBody = {
    error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid request.' },
  };
  return reply.status(400).send(body);
}

/** Stripe's answer when 3-D Secure failed: 402 with the intent back in requires_payment_method. */
function authenticationFailed(reply: FastifyReply, kind: 'setup_intent' | 'payment_intent', intent: object) {
  return reply.status(402).send({
    error: {
      type: 'invalid_request_error',
      code: `${kind}_authentication_failure`,
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      [kind]: intent,
    },
  });
}

/** Runs a provider call; its refusals become Stripe's error objects and status codes. */
async function answer(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const [status, body] = stripeError(error);
    return reply.status(status).send(body);
  }
}

/** PaymentProviderError (cards.ts' decline codes) → Stripe's HTTP status and error object. */
export function stripeError(error: PaymentProviderError): [number, StripeErrorBody] {
  const card = (code: string, message: string, decline?: string): [number, StripeErrorBody] => [
    402,
    { error: { type: 'card_error', code, ...(decline ? { decline_code: decline } : {}), message } },
  ];
  switch (error.code) {
    case 'card_declined':
      return card('card_declined', 'Your card was declined.', 'generic_decline');
    case 'insufficient_funds':
      return card('card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
    case 'expired_card':
      return card('expired_card', 'Your card has expired.');
    case 'invalid_card_number':
      // Any non-test number: the sandbox never accepts a real card.
      return card('incorrect_number', 'The sandbox accepts only Stripe test card numbers.');
    case 'authentication_required':
      return card('authentication_required', error.message, 'authentication_required');
    case 'no_such_object':
      return [
        404,
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: error.message } },
      ];
    case 'idempotency_key_reused':
    case 'invalid_request':
      // The message says what the intent's state forbids (already succeeded, incomplete CVC).
      return [400, { error: { type: 'invalid_request_error', code: error.code, message: error.message } }];
  }
}
