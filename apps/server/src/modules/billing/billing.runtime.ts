import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createPaymentProvider, type Payments } from '../../payments/create-provider.ts';
import type { BillingHook } from '../deletion/billing-hook.ts';
import { createRepositories, createTransact } from '../repositories.ts';
import { createBillingSync, type SyncCustomer } from './billing.sync.ts';
import { forgetCustomer } from './billing.service.ts';
import type { PlanCatalogue } from './catalogue.ts';
import { createWebhookHandler, type WebhookHandler } from './webhook.ts';

/** Everything of billing a process runs: the provider, the sync, the webhook handler, the hooks. */
export interface BillingRuntime {
  payments: Payments | null;
  sync: SyncCustomer | null;
  webhook: WebhookHandler | null;
  /** Account deletion's stage (modules/deletion/billing-hook.ts). */
  hook: BillingHook;
  /** The periodic reconcile: the sandbox's due renewals, then every live customer re-synced. */
  reconcile(): Promise<number>;
  /** The test clock (BILLING=sandbox): moves it, runs what fell due, syncs. Null otherwise. */
  advanceClock: ((ms: number) => Promise<void>) | null;
}

/**
 * Builds billing for the server or the worker (issue #25): the provider from BILLING, the one
 * sync, and the webhook handler the sandbox's events go to in-process (signature checked).
 */
export async function createBillingRuntime(deps: {
  config: Pick<
    Config,
    | 'BILLING'
    | 'BILLING_GRACE_DAYS'
    | 'BASE_QUOTA_BYTES'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
  >;
  db: Kysely<Database>;
  catalogue: PlanCatalogue;
  now: () => number;
  log: (message: string) => void;
}): Promise<BillingRuntime> {
  const { config, catalogue, now } = deps;
  const repos = createRepositories(deps.db);
  const transact = createTransact(deps.db);
  // The sandbox is built before the handler its events go to: bound once both exist.
  let deliver: WebhookHandler | null = null;
  const payments = await createPaymentProvider({
    config,
    db: deps.db,
    catalogue,
    settings: repos.billing,
    now,
    sink: async (d) => {
      if (deliver !== null) await deliver(Buffer.from(d.rawBody, 'utf8'), d.signature);
    },
    onDeliveryError: (error, eventId) => {
      deps.log(`billing: delivering sandbox event ${eventId} failed: ${String(error)}`);
    },
  });
  const base = { payments, repos, transact, catalogue, baseQuotaBytes: config.BASE_QUOTA_BYTES, now };
  if (payments === null)
    return {
      payments,
      sync: null,
      webhook: null,
      // Nothing is billed with BILLING=off; rows a former setting left are still removed.
      hook: { cancelForDeletion: (userId) => forgetCustomer(base, userId) },
      reconcile: () => Promise.resolve(0),
      advanceClock: null,
    };
  const sync = createBillingSync({
    provider: payments.provider,
    billing: repos.billing,
    transact,
    catalogue,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    now,
  });
  deliver = createWebhookHandler({ provider: payments.provider, billing: repos.billing, sync, now });
  const reconcile = async () => {
    await payments.clock?.refresh();
    await payments.sandbox?.runDue();
    const customers = await repos.billing.customersWithLiveSubscriptions();
    for (const customerId of customers) await sync(customerId);
    return customers.length;
  };
  const clock = payments.clock;
  return {
    payments,
    sync,
    webhook: deliver,
    hook: { cancelForDeletion: (userId) => forgetCustomer(base, userId) },
    reconcile,
    advanceClock:
      clock === null
        ? null
        : async (ms) => {
            await clock.advance(ms);
            await reconcile();
          },
  };
}
