import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http-client.ts';

const ApiContext = createContext<HttpClient | null>(null);

/** Makes the HTTP client of the booted app available to every `features/<d>/api.ts` hook. */
export function ApiProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

/** The HTTP client. Only valid below {@link ApiProvider}. */
export function useApi(): HttpClient {
  const client = useContext(ApiContext);
  if (client === null) throw new Error('useApi must be used below ApiProvider');
  return client;
}
