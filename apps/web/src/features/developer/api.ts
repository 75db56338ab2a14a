import { useMutation } from '@tanstack/react-query';
import { OkResponse, SupportedExtensionsResponse } from '@trove/contract';
import { useApi } from '../../api/api-context.tsx';

/**
 * GET /supported_extensions: what this server accepts for upload, asked when the developer
 * test page's button is pressed (spec 001 §2), so it shows the server's list, not this build's.
 */
export function useSupportedExtensionsMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.app('/supported_extensions', SupportedExtensionsResponse),
  });
}

/**
 * POST /test/delete_stripe_data (spec 001 §7, test only): removes the caller's customer, cards
 * and subscriptions at the payment provider's test mode, so a tester can buy a plan again as a
 * new customer. The server answers it only on a test server (TEST_ROUTES).
 */
export function useDeleteStripeTestDataMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.app('/test/delete_stripe_data', OkResponse, { method: 'POST' }),
  });
}
