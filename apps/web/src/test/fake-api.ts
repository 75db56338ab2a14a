import { resolveDirectory } from '../api/boot.ts';
import { createHttpClient, type HttpClient } from '../api/http-client.ts';
import { fakeFetch, type FakeRoutes, type SeenRequest } from './fake-fetch.ts';

/**
 * The app's HTTP client over {@link fakeFetch}: every host on the page's origin, a fixed
 * token and device, and a quiet logger. `fetch` may wrap the fake (to hold answers back).
 */
export function fakeApi(
  routes: FakeRoutes,
  options: { wrap?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch } = {},
): { api: HttpClient; requests: SeenRequest[] } {
  const fake = fakeFetch(routes);
  const api = createHttpClient({
    directory: resolveDirectory(
      { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
      'http://localhost:3000',
    ),
    session: { findToken: () => 'tok-test', getDeviceId: () => 'device-test' },
    fetch: options.wrap ? options.wrap(fake.fetch) : fake.fetch,
    logger: { warn: () => undefined },
  });
  return { api, requests: fake.requests };
}
