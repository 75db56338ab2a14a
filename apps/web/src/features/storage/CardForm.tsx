import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Locale, StripeConfigResponse } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { useLocale } from '../../i18n/locale-store.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { type ConfirmCardPayment, finishCardSetup, prepareCardSetup } from './api.ts';

/*
 * The card form (spec 001 §3 card entry, §4 STRIPE step, §5, §9): the card provider's payment
 * element in a setup intent. The only module that imports the card libraries: it is its own
 * lazy chunk (lazy.ts LazyCardForm), so no other screen carries them.
 */

/** Where the sandbox's stand-in for Stripe.js is served (BILLING=sandbox). */
const SANDBOX_SCRIPT = '/sandbox/stripe.js';

/** The card library's language of each UI language. */
const STRIPE_LOCALES: Record<Locale, StripeElementLocale> = {
  en_US: 'en',
  nb_NO: 'nb',
  sv_SE: 'sv',
  bg_BG: 'bg',
};

/** Adds the sandbox's stand-in script once and waits for it; it sets window.Stripe. */
function loadSandboxScript(): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SANDBOX_SCRIPT;
    script.addEventListener('load', () => {
      resolve();
    });
    script.addEventListener('error', () => {
      reject(new Error('the sandbox card library could not be loaded'));
    });
    document.head.append(script);
  });
}

const libraries = new Map<string, Promise<Stripe>>();

/**
 * The card library for `config` (spec 001 §8: a library that fails to load throws; one that
 * is not there is "not ready"), loaded once per key. In sandbox mode the stand-in is loaded
 * first, and loadStripe takes the window.Stripe it finds instead of fetching Stripe.js.
 */
function cardLibrary(config: StripeConfigResponse): Promise<Stripe> {
  const key = `${config.provider}:${config.publishable_key}`;
  let library = libraries.get(key);
  if (library === undefined) {
    library = (config.provider === 'sandbox' ? loadSandboxScript() : Promise.resolve())
      .then(() => loadStripe(config.publishable_key))
      .then((stripe) => {
        if (stripe === null) throw new Error('the card library is not ready');
        return stripe;
      });
    library.catch(() => libraries.delete(key));
    libraries.set(key, library);
  }
  return library;
}

/** Props of {@link CardForm}. */
export interface CardFormProps {
  config: StripeConfigResponse;
  /** Who the provider's customer is, when one must be created (spec 001 §3). */
  customer: { name: string; email: string };
  /** The wizard asks for the terms of service to be accepted (spec 001 §5). */
  requireTos: boolean;
  submitLabel: string;
  /** After the card is saved: the purchase, say. May throw; its failure is shown. */
  onCardSaved: (confirm: ConfirmCardPayment) => Promise<void>;
  failureText: (error: unknown) => string;
}

/**
 * Loads the card library and opens a setup intent (customer_exists → create_customer →
 * create_setup_intent), then shows the payment element for it.
 */
export function CardForm(props: CardFormProps) {
  const intl = useIntl();
  const api = useApi();
  const locale = useLocale();
  const { config, customer } = props;
  const setup = useQuery({
    // Outside billingKeys.all: fetching the billing state again after a purchase must not
    // open another setup intent under the form.
    queryKey: ['cardSetup', config.publishable_key] as const,
    queryFn: async () => {
      const [stripe, intent] = await Promise.all([cardLibrary(config), prepareCardSetup(api, customer)]);
      return { stripe, intent };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (setup.isError)
    return (
      <p className="form-error" role="alert">
        {props.failureText(setup.error)}
      </p>
    );
  if (!setup.data)
    return (
      <div className="card-form card-form--loading" aria-busy="true">
        <Spinner />
      </div>
    );
  return (
    <Elements
      stripe={setup.data.stripe}
      options={{ clientSecret: setup.data.intent.client_secret, locale: STRIPE_LOCALES[locale] }}
    >
      <SetupForm {...props} />
      <span className="visually-hidden">{intl.formatMessage({ id: 'storage.card.title' })}</span>
    </Elements>
  );
}

function SetupForm({ requireTos, submitLabel, onCardSaved, failureText }: CardFormProps) {
  const intl = useIntl();
  const api = useApi();
  const stripe = useStripe();
  const elements = useElements();
  const [isComplete, setComplete] = useState(false);
  const [tosAccepted, setTosAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    if (requireTos && !tosAccepted) {
      setError(intl.formatMessage({ id: 'storage.card.tosRequired' }));
      return;
    }
    if (stripe === null || elements === null) {
      setError(intl.formatMessage({ id: 'storage.card.notReady' }));
      return;
    }
    setBusy(true);
    try {
      // No billing details (spec 001 §7); with the element's billing fields off, Stripe wants
      // them given, empty.
      const confirmed = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { payment_method_data: { billing_details: {} } },
      });
      if (confirmed.error) {
        setError(
          intl.formatMessage(
            { id: 'storage.card.confirmFailed' },
            { message: confirmed.error.message ?? '' },
          ),
        );
        return;
      }
      await finishCardSetup(api, confirmed.setupIntent.id);
      await onCardSaved((secret) => stripe.confirmCardPayment(secret));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card-form"
      aria-busy={isBusy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="card-form__element">
        <PaymentElement
          options={{ fields: { billingDetails: 'never' } }}
          onChange={(event) => {
            setComplete(event.complete);
          }}
        />
      </div>
      {requireTos && (
        <label className="card-form__tos">
          <input
            type="checkbox"
            checked={tosAccepted}
            onChange={(event) => {
              setTosAccepted(event.currentTarget.checked);
              setError(null);
            }}
          />
          <span>
            {intl.formatMessage(
              { id: 'storage.card.tos' },
              {
                link: (text) => (
                  <Link to="/legal/terms" target="_blank">
                    {text}
                  </Link>
                ),
              },
            )}
          </span>
        </label>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        {isBusy && <Spinner size={20} />}
        <button type="submit" className="btn btn--primary" disabled={!isComplete || isBusy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * Confirms a payment that needs the card holder (3-D Secure) outside the card form: a plan
 * change that answered with a status (spec 001 §4). Loaded from the storage page on demand.
 */
export async function confirmCardPayment(
  config: StripeConfigResponse,
  clientSecret: string,
): Promise<{ error?: { message?: string } }> {
  const stripe = await cardLibrary(config);
  return stripe.confirmCardPayment(clientSecret);
}
