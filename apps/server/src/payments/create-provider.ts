import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { CataloguePlan, PlanCatalogue } from '../modules/billing/catalogue.ts';
import type { PaymentProvider } from './provider.ts';
import { type ClockStore, SandboxClock } from './sandbox-clock.ts';
import type { WebhookSink } from './sandbox/events.ts';
import type { SandboxPrice } from './sandbox/ledger.ts';
import { SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider, stripeOptionsFromConfig } from './stripe/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const DAY_MS = 86_400_000;
const WEBHOOK_SECRET_KEY = 'sandbox_webhook_secret';

/** What the app holds of the payment provider; null when BILLING=off. */
export interface Payments {
  provider: PaymentProvider;
  /** The sandbox itself (BILLING=sandbox): its /sandbox/v1/* endpoints and test clock use it. */
  sandbox: SandboxProvider | null;
  /** The sandbox's clock (BILLING=sandbox), kept in the database. */
  clock: SandboxClock | null;
}

/** The settings the factory keeps (billing_settings through the billing repository). */
export interface PaymentSettingsStore extends ClockStore {
  settingOnce(key: string, value: string): Promise<string>;
}

/** A catalogue plan as the sandbox prices it: the plan id is the price id. */
export function sandboxPrice(plan: CataloguePlan): SandboxPrice {
  return { id: plan.id, amount: plan.price, currency: plan.currency, period: plan.period };
}

/**
 * Builds the payment provider BILLING names (issue #25; RESEARCH-ACCOUNT-PAYMENTS §1.3):
 * - `off`: none; the billing routes answer that nothing is sold.
 * - `sandbox`: the offline provider, priced from the catalogue (every plan, on sale or not,
 *   since a subscriber keeps a plan taken off sale). Its webhook secret is made once and kept
 *   in the database, so every process verifies every other's events; its events go to `sink`,
 *   which the app points at the webhook route's own handler.
 * - `stripe`: the Stripe adapter (payments/stripe/) with the keys config.ts checked; `serve`
 *   checks the key against Stripe at start (checkStripeKey).
 */
export async function createPaymentProvider(deps: {
  config: Pick<
    Config,
    | 'BILLING'
    | 'BILLING_GRACE_DAYS'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
  >;
  db: Kysely<Database>;
  catalogue: PlanCatalogue;
  settings: PaymentSettingsStore;
  now: () => number;
  sink: WebhookSink;
  onDeliveryError: (error: unknown, eventId: string) => void;
}): Promise<Payments | null> {
  const { config } = deps;
  if (config.BILLING === 'off') return null;
  // Stripe keeps its own state and clock; its webhooks come over HTTP to the same route.
  if (config.BILLING === 'stripe')
    return { provider: createStripeProvider(stripeOptionsFromConfig(config)), sandbox: null, clock: null };
  const webhookSecret = await deps.settings.settingOnce(
    WEBHOOK_SECRET_KEY,
    `whsec_sandbox_${randomBytes(24).toString('hex')}`,
  );
  const clock = new SandboxClock(deps.settings, deps.now);
  await clock.refresh();
  const sandbox = new SandboxProvider({
    db: deps.db,
    now: clock.now,
    prices: deps.catalogue.plans.map(sandboxPrice),
    webhookSecret,
    graceMs: config.BILLING_GRACE_DAYS * DAY_MS,
    sink: deps.sink,
    onDeliveryError: deps.onDeliveryError,
  });
  return { provider: sandbox, sandbox, clock };
}
