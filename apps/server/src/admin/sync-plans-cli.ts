import type { Config } from '../config.ts';
import { loadPlanCatalogue } from '../modules/billing/catalogue.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import {
  createStripeProvider,
  type StripeProviderOptions,
  stripeOptionsFromConfig,
} from '../payments/stripe/index.ts';
import { syncPlans } from '../payments/stripe/sync-plans.ts';
import type { AdminIo } from './admin-io.ts';

export const SYNC_PLANS_USAGE =
  'admin sync-plans                          mirror the plan catalogue (PLANS_FILE) to Stripe; re-runnable';

/**
 * `trove admin sync-plans` (issue #25): the catalogue's plans as Stripe products and prices
 * (payments/stripe/sync-plans.ts). Needs BILLING=stripe; touches no database. Exit 0 when
 * Stripe matches the catalogue, 1 when Stripe refused a step, 2 when the instance has no Stripe.
 */
export async function syncPlansCommand(
  config: Config,
  io: Pick<AdminIo, 'out' | 'err'>,
  options: StripeProviderOptions = stripeOptionsFromConfig(config),
): Promise<number> {
  if (config.BILLING !== 'stripe') {
    io.err(`admin: sync-plans needs BILLING=stripe (this instance runs BILLING=${config.BILLING})`);
    return 2;
  }
  const catalogue = loadPlanCatalogue(config.PLANS_FILE);
  const provider = createStripeProvider(options);
  try {
    const lines = await syncPlans(provider.client, options.secretKey, catalogue);
    for (const line of lines) io.out(`${line.plan}\t${line.action}\t${line.priceId}\t${line.detail}`);
    const changed = lines.filter((l) => l.action !== 'unchanged').length;
    io.out(`admin: ${String(lines.length)} plans, ${String(changed)} changed in Stripe`);
    return 0;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    io.err(`admin: Stripe refused: ${error.message}`);
    return 1;
  }
}
