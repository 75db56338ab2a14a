import { vi } from 'vitest';

/** One request as the fake saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/**
 * An answer: a status and a JSON body, or 'network' for a connection that fails. `after`
 * holds the answer back until it settles, so a test can look at the screen while a call is
 * under way.
 */
export type FakeAnswer = { status?: number; body?: unknown; after?: Promise<unknown> } | 'network';

/** Routes keyed "METHOD /path" (no query); the value answers each matching request. */
export type FakeRoutes = Record<string, FakeAnswer | ((request: SeenRequest) => FakeAnswer)>;

/**
 * A `fetch` stub serving `routes`; unknown routes answer 404 with the contract's error body.
 * `requests` records every call for assertions.
 */
export function fakeFetch(routes: FakeRoutes, origin = 'http://localhost:3000') {
  const requests: SeenRequest[] = [];
  const fetchFn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      origin,
    );
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url,
      headers,
      body:
        typeof init.body === 'string'
          ? // A text/plain body (keep-files) is seen as its text, anything else as JSON.
            headers.get('content-type')?.startsWith('text/plain')
            ? init.body
            : (JSON.parse(init.body) as unknown)
          : init.body instanceof FormData
            ? init.body
            : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const route = routes[`${request.method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? route(request)
        : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    if (answer !== 'network' && answer.after) return answer.after.then(() => respond(answer));
    return respond(answer);
  });
  return { fetch: fetchFn as unknown as typeof fetch, requests };
}

function respond(answer: FakeAnswer): Promise<Response> {
  if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
  return Promise.resolve(
    // A string body is sent as text (the poll host), anything else as JSON.
    new Response(
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body),
      {
        status: answer.status ?? 200,
        headers: { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' },
      },
    ),
  );
}
