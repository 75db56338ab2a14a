import type { SeenRequest } from './fake-fetch.ts';

/** The usage events a test's app sent with POST /st/4/user_statistics_events, in order. */
export function sentEvents(requests: readonly SeenRequest[]): { name: string; props?: object }[] {
  return requests
    .filter((r) => r.url.pathname === '/st/4/user_statistics_events')
    .flatMap((r) => (r.body as { events: { name: string; props?: object }[] }).events);
}
