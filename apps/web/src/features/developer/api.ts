import { useMutation } from '@tanstack/react-query';
import { SupportedExtensionsResponse } from '@trove/contract';
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
