import type { FastifyInstance } from 'fastify';
import { APP_BASE_PATH } from '@trove/contract';
import { BadRequestError } from '../../errors.ts';
import type { PaymentProvider, ProviderEvent } from '../../payments/provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { SyncCustomer } from './billing.sync.ts';

/**
 * Receives a provider's webhook (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 7): checks the signature
 * on the bytes as received, records the event id (seen before: answered and dropped), then
 * syncs that customer's whole state. The sandbox delivers its events here in-process, through
 * the same function, so its signatures are checked as Stripe's would be.
 */
export function createWebhookHandler(deps: {
  provider: PaymentProvider;
  billing: Pick<BillingRepository, 'recordEvent'> & { forgetEvent(id: string): Promise<void> };
  sync: SyncCustomer;
  now: () => number;
}) {
  return async function handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    let event: ProviderEvent;
    try {
      event = deps.provider.verifyWebhook(rawBody, signature);
    } catch {
      // Why it failed (a stale signature, no match) is not the sender's to learn.
      throw new BadRequestError('The webhook signature does not verify');
    }
    if (!(await deps.billing.recordEvent(event, deps.now()))) return { received: true, duplicate: true };
    if (event.customerId !== null)
      try {
        await deps.sync(event.customerId);
      } catch (error) {
        // Unrecorded, so the provider's retry of this event syncs again.
        await deps.billing.forgetEvent(event.id);
        throw error;
      }
    return { received: true, duplicate: false };
  };
}
export type WebhookHandler = ReturnType<typeof createWebhookHandler>;

/** POST /st/4/stripe/webhook: no session, the signature is the credential; the body stays bytes. */
export async function registerWebhookRoute(
  app: FastifyInstance,
  handler: WebhookHandler | null,
): Promise<void> {
  await app.register((scope, _options, registered) => {
    // Scoped to this plugin: only the webhook's JSON stays raw bytes for the signature.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      `${APP_BASE_PATH}/stripe/webhook`,
      { config: { auth: 'public' as const } },
      async (request) => {
        if (handler === null) throw new BadRequestError('Payments are off on this server');
        if (!Buffer.isBuffer(request.body)) throw new BadRequestError('The webhook body must be JSON');
        const header = request.headers['stripe-signature'];
        return handler(request.body, typeof header === 'string' ? header : undefined);
      },
    );
    registered();
  });
}
