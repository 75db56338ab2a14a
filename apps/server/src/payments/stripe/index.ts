import type { Config } from '../../config.ts';
import type { StripeProviderOptions } from './base.ts';

export { checkStripeKey, StripeKeyError } from './check-key.ts';
export { STRIPE_API_VERSION } from './client.ts';
export { createStripeProvider, StripeProvider } from './stripe-provider.ts';
export type { StripeProviderOptions } from './base.ts';

/** The provider's options from a BILLING=stripe configuration (config.ts checked the keys). */
export function stripeOptionsFromConfig(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
): StripeProviderOptions {
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
}
