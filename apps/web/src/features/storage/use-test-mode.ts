import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { stripeConfigQueryOptions } from './config-query.ts';

/**
 * Whether the card provider runs in test mode (GET /stripe/config test_mode): the QA marker
 * shows then (spec 001 §9 "A QA marker shows on staging or active test flags"; a test-mode
 * payment provider is such a test setup). Asked once per page, only when signed in.
 */
export function useBillingTestMode(isSignedIn: boolean): boolean {
  const api = useApi();
  const config = useQuery({ ...stripeConfigQueryOptions(api), enabled: isSignedIn, retry: false });
  return config.data?.test_mode === true;
}
