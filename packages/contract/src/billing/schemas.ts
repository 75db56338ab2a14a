import { z } from 'zod/mini';

/*
 * Wire shapes of the billing calls of spec 001 §7 (except GET /user_grants, the grants
 * module's). Field names follow the contract's snake_case; the spec's camelCase state names
 * (stripeSubscriptionInfo, activeProduct, upcomingProduct) are kept where the spec names a
 * wire object. Times are seconds since the epoch, money integer minor units.
 */

/** A plan on sale (spec 001 §3 availableProducts): a product is always monthly or yearly. */
export const StripeProduct = z.object({
  id: z.string().check(z.minLength(1)),
  /** Size in GB (2^30 bytes, spec 001 §9). */
  size_gb: z.int().check(z.positive()),
  /** Price in minor units (spec 001 §3, §9). */
  price: z.int().check(z.nonnegative()),
  /** ISO 4217 code, upper case ("NOK"). */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  period: z.enum(['monthly', 'yearly']),
  /**
   * True where the caller's region buys this plan only in the mobile app (spec 001 §1, §6):
   * listed, not sold on the web. Absent or false elsewhere.
   */
  app_only: z.optional(z.boolean()),
});
export type StripeProduct = z.infer<typeof StripeProduct>;

/** Query of GET /stripe_products (spec 001 §7 "flag query param", meaning not shown). */
export const StripeProductsQuery = z.object({ flag: z.optional(z.string().check(z.maxLength(64))) });
export type StripeProductsQuery = z.infer<typeof StripeProductsQuery>;

/**
 * GET /stripe_products (spec 001 §3 availableProducts, availableTrial). The trial is in months:
 * spec 001 §1 "a free trial whose length in months is a parameter" (§3 also says days; months
 * is the reading §1 and §9 use). 0 means no trial.
 */
export const StripeProductsResponse = z.object({
  products: z.array(StripeProduct),
  trial_months: z.int().check(z.nonnegative()),
});
export type StripeProductsResponse = z.infer<typeof StripeProductsResponse>;

/** GET /stripe_payment_method (spec 001 §3 payment card display; 404 means no card, §7). */
export const StripePaymentMethod = z.object({
  brand: z.string(),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  exp_month: z.int().check(z.minimum(1), z.maximum(12)),
  /** Four digits. */
  exp_year: z.int().check(z.minimum(2000), z.maximum(9999)),
});
export type StripePaymentMethod = z.infer<typeof StripePaymentMethod>;

/**
 * GET /stripe/customer_exists: 200 with this body; 404 means none (create one), 409 stops
 * the flow (spec 001 §7).
 */
export const CustomerExistsResponse = z.object({ exists: z.literal(true) });
export type CustomerExistsResponse = z.infer<typeof CustomerExistsResponse>;

/** POST /stripe/create_customer (spec 001 §3 "Customer creation: name and email"). */
export const CreateCustomerBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  email: z.email().check(z.maxLength(320)),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

/** POST /stripe/create_setup_intent's answer (spec 001 §3 setup intent). */
export const SetupIntentResponse = z.object({
  client_secret: z.string().check(z.minLength(1)),
  id: z.string().check(z.minLength(1)),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** POST /stripe/finish_setup_intent (spec 001 §7). */
export const FinishSetupIntentBody = z.object({
  setup_intent_id: z.string().check(z.minLength(1), z.maxLength(255)),
});
export type FinishSetupIntentBody = z.infer<typeof FinishSetupIntentBody>;

/**
 * A subscription as the storage screen needs it (spec 001 §3 stripeSubscriptionInfo, §4
 * subscription states: canceled keeps storage until the period ends).
 */
export const StripeSubscriptionInfo = z.object({
  subscriptionId: z.string(),
  activeProduct: z.nullable(StripeProduct),
  /** The plan that follows at the period's end (a scheduled downgrade), if any. */
  upcomingProduct: z.nullable(StripeProduct),
  status: z.enum(['trialing', 'active', 'past_due', 'incomplete', 'canceled']),
  /** End of the paid period: next billing date, or expiry date when canceled. */
  current_period_end: z.int(),
  cancel_at_period_end: z.boolean(),
  /** End of the free trial, if in one. */
  trial_end: z.nullable(z.int()),
  /** Customer credit in minor units (spec 001 §4: a downgrade is refunded as credit). */
  credit: z.int().check(z.nonnegative()),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type StripeSubscriptionInfo = z.infer<typeof StripeSubscriptionInfo>;

/** GET /stripe/subscriptions (spec 001 §7 "All subscriptions"). */
export const StripeSubscriptionsResponse = z.object({ subscriptions: z.array(StripeSubscriptionInfo) });
export type StripeSubscriptionsResponse = z.infer<typeof StripeSubscriptionsResponse>;

/** PUT (change) and POST (purchase) /stripe/v1/purchase (spec 001 §7 payload "plan"). */
export const PurchaseBody = z.object({ plan: z.string().check(z.minLength(1), z.maxLength(255)) });
export type PurchaseBody = z.infer<typeof PurchaseBody>;

/**
 * spec 001 §4 "Plan update response": with status, action is required (3-D Secure) and it
 * carries subscription_id and the client secret to confirm the payment with.
 */
export const PurchaseActionRequired = z.object({
  status: z.enum(['requires_action', 'requires_payment_method']),
  subscription_id: z.string(),
  client_secret: z.nullable(z.string()),
});
export type PurchaseActionRequired = z.infer<typeof PurchaseActionRequired>;

/** spec 001 §4: without status, the plan is switched; the subscription as it is now. */
export const PurchaseSwitched = z.object({ subscription: StripeSubscriptionInfo });
export type PurchaseSwitched = z.infer<typeof PurchaseSwitched>;

/** The answer of PUT and POST /stripe/v1/purchase. */
export const PurchaseResponse = z.union([PurchaseActionRequired, PurchaseSwitched]);
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

/** spec 001 §4, §7: the answer needs the user's action exactly when it carries status. */
export function isActionRequired(response: PurchaseResponse): response is PurchaseActionRequired {
  return 'status' in response;
}
