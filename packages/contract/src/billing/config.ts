import { z } from 'zod/mini';

/*
 * A module of its own: the QA marker asks this call on the first load of /photos, which then
 * carries this schema alone rather than every billing schema (bench/budgets.json).
 */

/**
 * GET /stripe/config: which card provider the web loads and with which publishable key
 * (spec 001 §9 "payment provider public key switches between test and live"). `sandbox` is the
 * offline provider: the web loads its stand-in for Stripe.js from `/sandbox/stripe.js`. `off`:
 * no plans are sold. `test_mode` shows the QA marker (spec 001 §9).
 */
export const StripeConfigResponse = z.object({
  provider: z.enum(['off', 'sandbox', 'stripe']),
  publishable_key: z.string(),
  test_mode: z.boolean(),
});
export type StripeConfigResponse = z.infer<typeof StripeConfigResponse>;
