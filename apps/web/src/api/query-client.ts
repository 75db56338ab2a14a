import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http-error.ts';

/** Shared stale times, so screens agree on how fresh each kind of data must be. */
export const STALE_TIME = {
  /** Lists the user changes from this client (devices, albums). */
  short: 30_000,
  /** Account info: changes rarely, refreshed on focus. */
  medium: 5 * 60_000,
  /** Boot configuration: fixed for the life of the page. */
  forever: Infinity,
} as const;

/** Retries a failed query once, unless the server answered with a client error (4xx): that will not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** A query client with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: STALE_TIME.short },
      mutations: { retry: false },
    },
  });
}

/** Key of the boot configuration query; it outlives sessions. */
export const BOOT_QUERY_KEY = ['boot'] as const;

/** Forgets every cached answer of the signed-in user, e.g. on logout, so nothing leaks into the next session. */
export function clearUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== BOOT_QUERY_KEY[0] });
}
