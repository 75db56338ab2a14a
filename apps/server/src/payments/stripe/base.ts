import type Stripe from 'stripe';
import { verifyKey } from './check-key.ts';
import { call, createStripeClient, type StripeClientOptions } from './client.ts';
import { PriceResolver } from './prices.ts';

export interface StripeProviderOptions extends StripeClientOptions {
  /** `pk_test_…` or `pk_live_…`, of the same mode as the secret key (config.ts checks). */
  publishableKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** The clock (tests move it); milliseconds. */
  now?: () => number;
}

/** What every part of the Stripe provider shares: the SDK client, its error mapping, the prices. */
export abstract class StripeBase {
  readonly kind = 'stripe';
  readonly publishableKey: string;
  protected readonly stripe: Stripe;
  protected readonly prices: PriceResolver;
  protected readonly now: () => number;
  protected readonly options: StripeProviderOptions;

  constructor(options: StripeProviderOptions) {
    this.options = options;
    this.publishableKey = options.publishableKey;
    this.stripe = createStripeClient(options);
    this.now = options.now ?? Date.now;
    this.prices = new PriceResolver(this.stripe, (fn) => this.call(fn), this.now);
  }

  /** One SDK call; a Stripe error comes out as a PaymentProviderError without the key. */
  protected call<T>(fn: () => Promise<T>): Promise<T> {
    return call(this.options.secretKey, fn);
  }

  /** The startup check (check-key.ts): throws StripeKeyError for a key Stripe refuses. */
  checkKey(): Promise<void> {
    return verifyKey(this.stripe, this.options.secretKey);
  }

  /** The SDK client, for `trove admin sync-plans` (products and prices are not the provider's business). */
  get client(): Stripe {
    return this.stripe;
  }
}
