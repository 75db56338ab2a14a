import {
  APP_BASE_PATH,
  CustomerExistsResponse,
  type GrantLink,
  isActionRequired,
  PurchaseResponse,
  SetupIntentResponse,
  StripePaymentMethod,
  StripeProductsResponse,
  StripeSubscriptionsResponse,
  UserGrantsResponse,
} from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { HttpError, isApiError } from '../../api/http-error.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { accountKeys } from '../auth/api.ts';
import { STRIPE_CONFIG_KEY, stripeConfigQueryOptions } from './config-query.ts';

/*
 * The billing calls of spec 001 §7 as the storage screens use them (issue #25), against the
 * contract's shapes (packages/contract/src/billing/schemas.ts, grants.ts). Other features reach
 * the storage screens through this file, lazy.ts and index.ts only.
 */

/** Query keys of the billing calls. */
export const billingKeys = {
  all: ['billing'] as const,
  config: () => STRIPE_CONFIG_KEY,
  products: () => [...billingKeys.all, 'products'] as const,
  grants: () => [...billingKeys.all, 'grants'] as const,
  subscriptions: () => [...billingKeys.all, 'subscriptions'] as const,
  card: () => [...billingKeys.all, 'card'] as const,
};

/** Answers whose body the client does not read ({ok: true} or a subscription): any object. */
const AnyObject = z.object({});

/** GET /st/4/stripe/config: the card provider and its publishable key (spec 001 §9). */
export function useStripeConfigQuery(enabled = true) {
  const api = useApi();
  return useQuery({ ...stripeConfigQueryOptions(api), enabled });
}

/** GET /st/4/stripe_products (spec 001 §3 availableProducts, trial months). */
export function useProductsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.products(),
    queryFn: ({ signal }) => api.app('/stripe_products', StripeProductsResponse, { signal }),
    staleTime: STALE_TIME.medium,
  });
}

/** GET /st/4/user_grants (spec 001 §7 "result.grants"). */
export function useGrantsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.grants(),
    queryFn: ({ signal }) => api.app('/user_grants', UserGrantsResponse, { signal }),
    select: (answer) => answer.result.grants,
  });
}

/** GET /st/4/stripe/subscriptions (spec 001 §3 stripeSubscriptionInfo). */
export function useSubscriptionsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.subscriptions(),
    queryFn: ({ signal }) => api.app('/stripe/subscriptions', StripeSubscriptionsResponse, { signal }),
  });
}

/** GET /st/4/stripe_payment_method: the stored card, null when there is none (404, spec 001 §7). */
export function usePaymentMethodQuery() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.card(),
    queryFn: async ({ signal }) => {
      try {
        return await api.app('/stripe_payment_method', StripePaymentMethod, { signal });
      } catch (error) {
        if (isApiError(error, 'not_found')) return null;
        throw error;
      }
    },
  });
}

/** DELETE /st/4/stripe_payment_method (spec 001 §2 payment settings). */
export function useDeleteCardMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.app('/stripe_payment_method', AnyObject, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.card() }),
  });
}

/** Fetches again everything a plan change touches: grants, subscriptions, card and account info. */
export function refetchBilling(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.info() }),
  ]);
}

/**
 * A grant's cancellation or reactivation link (spec 001 §3 `_links`), called as given. Links
 * name the full path (/st/4/...); the client adds the app host's base path itself.
 */
export function useGrantLinkMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: z.infer<typeof GrantLink>) => {
      const path = link.href.startsWith(APP_BASE_PATH) ? link.href.slice(APP_BASE_PATH.length) : link.href;
      const method = link.method.toUpperCase();
      if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE' && method !== 'GET')
        throw new Error(`a grant link with method ${link.method}`);
      return api.app(path, AnyObject, { method });
    },
    onSettled: () => refetchBilling(queryClient),
  });
}

/** POST /st/4/stripe/subscriptions/{id}/cancel_upcoming: the current plan stays (spec 001 §4). */
export function useCancelUpcomingMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      api.app(`/stripe/subscriptions/${encodeURIComponent(subscriptionId)}/cancel_upcoming`, AnyObject, {
        method: 'POST',
      }),
    onSettled: () => refetchBilling(queryClient),
  });
}

/**
 * POST (a new plan) or PUT (a change) /st/4/stripe/v1/purchase with the plan (spec 001 §7).
 * `idempotencyKey` is minted once per attempt by the caller and sent again on a retry, so a
 * retried purchase never charges twice.
 */
export function purchasePlan(
  api: HttpClient,
  kind: 'new' | 'change',
  plan: string,
  idempotencyKey: string,
): Promise<PurchaseResponse> {
  return api.app('/stripe/v1/purchase', PurchaseResponse, {
    method: kind === 'new' ? 'POST' : 'PUT',
    body: { plan },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Confirms a payment that needs the card holder (3-D Secure): the card library's confirmCardPayment. */
export type ConfirmCardPayment = (clientSecret: string) => Promise<{ error?: { message?: string } }>;

/**
 * A purchase or change through to its end (spec 001 §4 plan update response): with a status,
 * the payment is confirmed by the card holder, then everything is fetched again. Throws on
 * failure: the server's error, or the card's (an Error with the card library's message).
 */
export async function completePurchase(
  api: HttpClient,
  kind: 'new' | 'change',
  plan: string,
  idempotencyKey: string,
  confirm: ConfirmCardPayment | null,
): Promise<void> {
  const answer = await purchasePlan(api, kind, plan, idempotencyKey);
  if (!isActionRequired(answer)) return;
  if (answer.client_secret === null || confirm === null)
    throw new HttpError({ status: 402, code: 'bad_request', message: 'the payment needs a card' });
  const result = await confirm(answer.client_secret);
  if (result.error) throw new CardError(result.error.message ?? '');
}

/** A card refused by the card library (a declined card, a failed 3-D Secure). */
export class CardError extends Error {
  override readonly name = 'CardError';
}

/** Error codes of the server for a refused card (Stripe's codes, issue #25). */
const CARD_ERROR_CODES: ReadonlySet<string> = new Set([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'invalid_card_number',
  'authentication_required',
]);

/** Whether `error` is a refused card, by the card library or by the server. */
export function isCardRefusal(error: unknown): boolean {
  return error instanceof CardError || (error instanceof HttpError && CARD_ERROR_CODES.has(error.code));
}

/**
 * The card setup before a purchase (spec 001 §7): GET customer_exists, on 404 POST
 * create_customer {name, email}, a 409 stops the flow (thrown); then POST create_setup_intent.
 */
export async function prepareCardSetup(
  api: HttpClient,
  customer: { name: string; email: string },
): Promise<SetupIntentResponse> {
  try {
    await api.app('/stripe/customer_exists', CustomerExistsResponse);
  } catch (error) {
    if (!isApiError(error, 'not_found')) throw error;
    await api.app('/stripe/create_customer', AnyObject, { method: 'POST', body: customer });
  }
  return api.app('/stripe/create_setup_intent', SetupIntentResponse, { method: 'POST' });
}

/** POST /st/4/stripe/finish_setup_intent: the confirmed card becomes the customer's. */
export function finishCardSetup(api: HttpClient, setupIntentId: string): Promise<unknown> {
  return api.app('/stripe/finish_setup_intent', AnyObject, {
    method: 'POST',
    body: { setup_intent_id: setupIntentId },
  });
}
