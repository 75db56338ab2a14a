import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect } from 'vitest';
import { PaymentProviderError } from '../provider.ts';
import { createStripeProvider, type StripeProvider } from './stripe-provider.ts';
import type { StripeProviderOptions } from './base.ts';

/**
 * A loopback HTTP server standing in for api.stripe.com in tests: it answers each request with
 * the first matching route's JSON (hand-written from Stripe's API reference: fixtures/README.md)
 * and records every request, so a test asserts both the shape sent and the mapping of what came
 * back. A request no route expects gets Stripe's own 404 "Unrecognized request URL".
 */

export interface FakeRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path without the query string, e.g. `/v1/customers/cus_1`. */
  path: string | RegExp;
  /** Query parameters the request must carry (a subset). */
  query?: Record<string, string>;
  status?: number;
  /** A fixture name (fixtures/<name>.json) or the body itself. */
  body?: string | object;
  /** Answers from the request instead (a test's small stateful Stripe). */
  handle?: (req: RecordedRequest) => { status?: number; body: object };
  headers?: Record<string, string>;
  /** Answers this many requests, then steps aside for the next matching route. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form-encoded body, flat: `items[0][price]` → `price_…`. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export const TEST_SECRET_KEY = 'sk_test_51TroveFakeKeyForLoopbackTestsOnly';
export const TEST_WEBHOOK_SECRET = 'whsec_trove_loopback_test_secret';

const FIXTURES = new URL('./fixtures/', import.meta.url);

/** A fixture, parsed afresh (a test may change its copy). */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as Record<string, unknown>;
}

function flat(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

export interface StripeFake {
  port: number;
  requests: RecordedRequest[];
  /** Adds routes; later routes are tried first, so a test overrides the defaults. */
  on(...routes: FakeRoute[]): void;
  /** The requests to one method and path, in order. */
  sent(method: string, path: string | RegExp): RecordedRequest[];
  provider(options?: Partial<StripeProviderOptions>): StripeProvider;
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const routes: (FakeRoute & { used: number })[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        query: flat(url.searchParams),
        form: flat(new URLSearchParams(body)),
        headers: req.headers,
      };
      requests.push(recorded);
      const route = routes.find(
        (r) =>
          r.method === method &&
          (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)) &&
          Object.entries(r.query ?? {}).every(([k, v]) => url.searchParams.get(k) === v) &&
          (r.times === undefined || r.used < r.times),
      );
      const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_TroveFake',
          ...headers,
        });
        res.end(JSON.stringify(json));
      };
      if (route === undefined) {
        reply(404, {
          error: {
            message: `Unrecognized request URL (${method}: ${url.pathname}).`,
            type: 'invalid_request_error',
          },
        });
        return;
      }
      route.used += 1;
      if (route.handle !== undefined) {
        const answer = route.handle(recorded);
        reply(answer.status ?? 200, answer.body, route.headers);
        return;
      }
      reply(
        route.status ?? 200,
        typeof route.body === 'string' ? fixture(route.body) : (route.body ?? {}),
        route.headers,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    on: (...added) => {
      routes.unshift(...added.map((r) => ({ ...r, used: 0 })).reverse());
    },
    sent: (method, path) =>
      requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      ),
    provider: (options = {}) =>
      createStripeProvider({
        secretKey: TEST_SECRET_KEY,
        publishableKey: 'pk_test_51TroveFakeKey',
        webhookSecret: TEST_WEBHOOK_SECRET,
        api: { host: '127.0.0.1', port, protocol: 'http' },
        maxNetworkRetries: 1,
        ...options,
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        // The SDK keeps its sockets alive between requests.
        server.closeAllConnections();
      }),
  };
}

/** A fresh fake for every test of the file (started before, closed after each). */
export function useStripeFake(): StripeFake {
  let current: StripeFake | undefined;
  beforeEach(async () => {
    current = await startStripeFake();
  });
  afterEach(async () => {
    await current?.close();
  });
  const now = () => {
    if (current === undefined) throw new Error('useStripeFake: used outside a test');
    return current;
  };
  return {
    get port() {
      return now().port;
    },
    get requests() {
      return now().requests;
    },
    on: (...routes) => {
      now().on(...routes);
    },
    sent: (method, path) => now().sent(method, path),
    provider: (options) => now().provider(options),
    close: () => now().close(),
  };
}

/** The PaymentProviderError a call was refused with. */
export async function refusal(p: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}
