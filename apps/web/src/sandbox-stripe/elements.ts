import type { StripeError } from '@stripe/stripe-js';
import type { CardBody } from './api.ts';
import { SandboxElement, type SandboxElementOptions, type SandboxElementType } from './element.ts';
import { type Texts, textsFor } from './messages.ts';

/** The options of `stripe.elements()` and `elements.update()` the stand-in reads. */
export interface SandboxElementsOptions {
  clientSecret?: string;
  locale?: string;
}

/**
 * `stripe.elements()`: a group of elements sharing a locale and, for the Payment Element, the
 * intent's client secret. One element per type, as in Stripe; a destroyed one may be created
 * again (React's StrictMode mounts twice).
 */
export class SandboxElements {
  readonly #elements = new Map<SandboxElementType, SandboxElement>();
  #options: SandboxElementsOptions;

  constructor(options: SandboxElementsOptions, defaultLocale: string | undefined) {
    this.#options = { locale: defaultLocale, ...options };
  }

  get clientSecret(): string | undefined {
    return this.#options.clientSecret;
  }

  texts = (): Texts => textsFor(this.#options.locale);

  create(type: string, options: SandboxElementOptions = {}): SandboxElement {
    if (type !== 'payment' && type !== 'card')
      throw new Error(`The Trove sandbox has no ${type} Element; it offers 'payment' and 'card'.`);
    if (this.#elements.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
    const element = new SandboxElement(type, options, this.texts, () => this.#elements.delete(type));
    this.#elements.set(type, element);
    return element;
  }

  getElement(type: string): SandboxElement | null {
    return type === 'payment' || type === 'card' ? (this.#elements.get(type) ?? null) : null;
  }

  update(options: SandboxElementsOptions): void {
    const relabel = options.locale !== undefined && options.locale !== this.#options.locale;
    this.#options = { ...this.#options, ...options };
    if (relabel)
      this.#elements.forEach((e) => {
        e.relabel();
      });
  }

  /** Validates the mounted form (Stripe's `elements.submit()` before a deferred confirm). */
  submit(): Promise<{ error?: StripeError }> {
    const collected = this.collect();
    return Promise.resolve('error' in collected ? { error: collected.error } : {});
  }

  /** Nothing is fetched: the sandbox's form never depends on the intent's amount or methods. */
  fetchUpdates(): Promise<object> {
    return Promise.resolve({});
  }

  /** The card typed into the Payment Element (else the Card Element), or the validation error. */
  collect(): { card: CardBody } | { error: StripeError } {
    const element = this.#elements.get('payment') ?? this.#elements.get('card');
    if (element === undefined)
      return {
        error: { type: 'invalid_request_error', message: this.texts()('sandboxStripe.error.unexpected') },
      };
    return element.collect();
  }
}
