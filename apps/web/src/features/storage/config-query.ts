import { StripeConfigResponse } from '@trove/contract';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query key of GET /stripe/config (shared by api.ts and the QA marker's hook in index.ts). */
export const STRIPE_CONFIG_KEY = ['billing', 'config'] as const;

/** GET /st/4/stripe/config: the card provider, its publishable key, test mode (spec 001 §9). */
export function stripeConfigQueryOptions(api: HttpClient) {
  return queryOptions({
    queryKey: STRIPE_CONFIG_KEY,
    queryFn: ({ signal }) => api.app('/stripe/config', StripeConfigResponse, { signal }),
    staleTime: STALE_TIME.forever,
  });
}
