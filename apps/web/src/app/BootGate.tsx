import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ApiProvider } from '../api/api-context.tsx';
import { loadBootConfig } from '../api/boot.ts';
import { createHttpClient } from '../api/http-client.ts';
import { setOnline } from '../api/online-store.ts';
import { BOOT_QUERY_KEY, STALE_TIME } from '../api/query-client.ts';
import { sessionRecord } from '../api/session-record.ts';
import { BootFailurePage } from '../features/errors/index.ts';
import { BrandContext } from '../i18n/brand-context.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';

/**
 * The boot configuration's query. main.tsx starts it before the first render, so it runs
 * while the active language's messages are fetched (See: [Note: Locale catalogues]).
 */
export function bootQueryOptions() {
  return queryOptions({
    queryKey: BOOT_QUERY_KEY,
    queryFn: () =>
      loadBootConfig({
        origin: window.location.origin,
        hostname: window.location.hostname,
        session: sessionRecord,
        onOnlineChange: setOnline,
      }),
    staleTime: STALE_TIME.forever,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * Loads the service directory and the brand before anything else renders (spec 000 §5):
 * without the hosts there is nothing to call. An invalid directory ('Invalid service dict')
 * or an unreachable server shows the generic error page with a retry.
 */
export function BootGate({ children }: { children: ReactNode }) {
  const boot = useQuery(bootQueryOptions());
  const config = boot.data;
  const client = useMemo(
    () =>
      config &&
      createHttpClient({ directory: config.directory, session: sessionRecord, onOnlineChange: setOnline }),
    [config],
  );

  useEffect(() => {
    if (!config) return;
    // spec 001 §3: the stored local record keeps the brand's device name.
    sessionRecord.setDeviceName(config.brand.deviceName);
  }, [config]);

  if (boot.isError) return <BootFailurePage error={boot.error} onRetry={() => void boot.refetch()} />;
  if (!config || !client) return <PageSpinner />;
  return (
    <BrandContext value={config.brand}>
      <ApiProvider client={client}>{children}</ApiProvider>
    </BrandContext>
  );
}
