import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_BASE_PATH,
  type Brand,
  brandForHost,
  CreateCustomerBody,
  FinishSetupIntentBody,
  PurchaseBody,
} from '@trove/contract';
import { z } from 'zod/mini';
import { signedInCaller } from '../../http/auth.ts';
import { NotFoundError, parseInput } from '../../errors.ts';
import type { BillingContext, BillingService } from './billing.service.ts';
import type { Purchase } from './billing.purchase.ts';

const ClockBody = z.object({ advance_ms: z.int().check(z.minimum(0), z.maximum(5 * 366 * 86_400_000)) });

/** What the test clock route does (BILLING=sandbox): move the clock, run what fell due, sync. */
export type AdvanceClock = (ms: number) => Promise<void>;

/**
 * The card and plan calls of spec 001 §7 (issue #25), under /st/4 as GET /user_grants. The
 * webhook is webhook.ts's; the test-only calls exist only with TEST_ROUTES.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: {
    billing: BillingService;
    purchase: Purchase;
    brands: { intl: Brand; no: Brand };
    /** REGION_HEADER (lower case), or '' when no region is known. */
    regionHeader: string;
    testRoutes: boolean;
    advanceClock: AdvanceClock | null;
  },
): void {
  const user = { config: { auth: 'user' as const } };
  const base = APP_BASE_PATH;
  const { billing } = deps;
  // The brand is the host's (spec 001 §1), as the cards of terms-cards.routes.ts.
  const context = (request: FastifyRequest): BillingContext => ({
    brand: brandForHost(request.hostname, deps.brands).id,
    region: regionOf(deps.regionHeader === '' ? undefined : request.headers[deps.regionHeader]),
  });
  const idempotencyKey = (request: FastifyRequest) => {
    const value = request.headers['idempotency-key'];
    return typeof value === 'string' ? value : undefined;
  };
  const subscriptionId = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(`${base}/stripe/config`, user, async (request) => billing.config(signedInCaller(request)));
  app.get(`${base}/stripe_products`, user, async (request) =>
    billing.products(signedInCaller(request), context(request)),
  );
  app.get(`${base}/stripe_payment_method`, user, async (request) =>
    billing.paymentMethod(signedInCaller(request)),
  );
  app.delete(`${base}/stripe_payment_method`, user, async (request) =>
    billing.deletePaymentMethod(signedInCaller(request)),
  );
  app.get(`${base}/stripe/customer_exists`, user, async (request) =>
    billing.customerExists(signedInCaller(request)),
  );
  app.post(`${base}/stripe/create_customer`, user, async (request) =>
    billing.createCustomer(signedInCaller(request), parseInput(CreateCustomerBody, request.body)),
  );
  app.post(`${base}/stripe/create_setup_intent`, user, async (request) =>
    // Without a key each call is a new intent, as Stripe's.
    billing.createSetupIntent(signedInCaller(request), idempotencyKey(request) ?? crypto.randomUUID()),
  );
  app.post(`${base}/stripe/finish_setup_intent`, user, async (request) =>
    billing.finishSetupIntent(
      signedInCaller(request),
      parseInput(FinishSetupIntentBody, request.body).setup_intent_id,
    ),
  );
  app.get(`${base}/stripe/subscriptions`, user, async (request) =>
    billing.subscriptions(signedInCaller(request)),
  );
  app.post(`${base}/stripe/v1/purchase`, user, async (request) =>
    deps.purchase(
      signedInCaller(request),
      'new',
      parseInput(PurchaseBody, request.body).plan,
      idempotencyKey(request),
      context(request),
    ),
  );
  app.put(`${base}/stripe/v1/purchase`, user, async (request) =>
    deps.purchase(
      signedInCaller(request),
      'change',
      parseInput(PurchaseBody, request.body).plan,
      idempotencyKey(request),
      context(request),
    ),
  );
  // The grant's _links (spec 001 §3): cancel at the period end, reactivate, cancel upcoming.
  app.post(`${base}/stripe/subscriptions/:id/cancel`, user, async (request) =>
    billing.setCanceled(signedInCaller(request), subscriptionId(request), true),
  );
  app.post(`${base}/stripe/subscriptions/:id/reactivate`, user, async (request) =>
    billing.setCanceled(signedInCaller(request), subscriptionId(request), false),
  );
  app.post(`${base}/stripe/subscriptions/:id/cancel_upcoming`, user, async (request) =>
    billing.cancelUpcoming(signedInCaller(request), subscriptionId(request)),
  );

  if (deps.testRoutes) {
    // spec 001 §7 "Test only": only when the server is configured for tests (TEST_ROUTES).
    app.post(`${base}/test/delete_stripe_data`, user, async (request) =>
      billing.deleteBillingData(signedInCaller(request)),
    );
    app.post(`${base}/test/sandbox/clock`, user, async (request) => {
      signedInCaller(request);
      if (deps.advanceClock === null) throw new NotFoundError('The test clock is the sandbox provider’s');
      await deps.advanceClock(parseInput(ClockBody, request.body).advance_ms);
      return { ok: true };
    });
  }
}

/** The country a trusted proxy's header names (ISO 3166 alpha-2), or null (absent, `XX`, junk). */
export function regionOf(value: string | string[] | undefined): string | null {
  const first = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase() ?? '';
  // Cloudflare says XX for an unknown country (and T1, not two letters, for Tor).
  return /^[A-Z]{2}$/.test(first) && first !== 'XX' && first !== 'T1' ? first : null;
}
