import path from 'node:path';
import type { Brand } from '@trove/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountAccess } from '../../access/account-access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { registerSandboxRoutes, sandboxScriptFile } from '../../payments/sandbox/http.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { createPurchase } from './billing.purchase.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { createBillingRuntime } from './billing.runtime.ts';
import { createBillingService } from './billing.service.ts';
import { loadPlanCatalogue, type PlanCatalogue } from './catalogue.ts';
import { registerWebhookRoute } from './webhook.ts';

/**
 * Plans and payments in the app (issue #25): the runtime (provider, sync, clock), the card and
 * plan calls, the webhook and, with BILLING=sandbox only, the stand-in for Stripe.js and its
 * calls (/sandbox/* is a 404 otherwise; RESEARCH-ACCOUNT-PAYMENTS §1.3 point 9). The runtime
 * is reachable as app.billing (the worker's sweeps, tests).
 */
export async function registerBilling(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Kysely<Database>;
    /** The plans on sale; by default read and checked from config.PLANS_FILE. */
    catalogue: PlanCatalogue | undefined;
    repos: Repositories;
    transact: Transact;
    access: AccountAccess;
    brands: { intl: Brand; no: Brand };
    now: () => number;
  },
): Promise<void> {
  const { config, now } = deps;
  const catalogue = deps.catalogue ?? loadPlanCatalogue(config.PLANS_FILE);
  const runtime = await createBillingRuntime({
    config,
    db: deps.db,
    catalogue,
    now,
    log: (message) => {
      app.log.warn(message);
    },
  });
  app.decorate('billing', runtime);
  const billingDeps = {
    payments: runtime.payments,
    repos: deps.repos,
    transact: deps.transact,
    access: deps.access,
    catalogue,
    sync: runtime.sync,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    now,
  };
  registerBillingRoutes(app, {
    billing: createBillingService(billingDeps),
    purchase: createPurchase(billingDeps),
    brands: deps.brands,
    regionHeader: config.REGION_HEADER,
    testRoutes: config.TEST_ROUTES,
    advanceClock: runtime.advanceClock,
  });
  await registerWebhookRoute(app, runtime.webhook);
  const sandbox = runtime.payments?.sandbox;
  if (sandbox)
    await registerSandboxRoutes(app, {
      provider: sandbox,
      scriptFile: sandboxScriptFile(path.resolve(config.WEB_DIST)),
    });
}
