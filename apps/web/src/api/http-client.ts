import {
  APP_BASE_PATH,
  BASIC_AUTH_USER,
  CLIENT_VERSION,
  WEB_CLIENT_KEY,
  type ServiceDirectory,
} from '@trove/contract';
import { HttpError, stripQuery } from './http-error.ts';
import { pendingOperations, type PendingOperations } from './pending-operations.ts';
import type { SessionRecord } from './session-record.ts';

/** Anything that turns an unknown JSON value into a `T` or throws: the contract's zod schemas. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** Query parameters of a request; undefined values are left out. */
export type Query = Record<string, string | number | undefined>;

/** What a call may add to its request. */
export interface CallInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (uploads); the browser sets the boundary. */
  form?: FormData;
  /** Sent as text/plain (POST /jobs/{id}/keep-files: ids one a line, spec 000 §7). */
  text?: string;
  /** The answer is plain text (the poll host's `seq=N` lines), not JSON. */
  asText?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (fetch keepalive: at most 64 KiB of body in flight). */
  keepalive?: boolean;
  /** More request headers (app host), e.g. an album's foreign-auth grant. */
  headers?: Record<string, string>;
  /**
   * Changes nothing the user would miss (analytics, crash reports): leaving the page while
   * it runs is not warned about (See: [Note: Leave warning]).
   */
  isQuiet?: boolean;
}

/** Services the HTTP client needs, injected so tests can stub them. */
export interface HttpClientDeps {
  /** Hosts with '' already resolved to the page's origin (see {@link resolveDirectory}). */
  directory: ServiceDirectory;
  session: Pick<SessionRecord, 'findToken' | 'getDeviceId'>;
  fetch?: typeof fetch;
  /** Told whether each request reached the server (spec 000 §8). */
  onOnlineChange?: (isOnline: boolean) => void;
  /** Holds the leave warning while a change is in flight (See: [Note: Leave warning]). */
  pending?: PendingOperations;
  logger?: Pick<Console, 'warn'>;
}

/** The client of every Trove host. All failures are {@link HttpError}s. */
export interface HttpClient {
  readonly directory: ServiceDirectory;
  /**
   * A call on the app host under `/st/4` with the token and the client query parameters
   * `key`, `client_v` and `device_id` (spec 001 §7).
   */
  app<T>(path: string, schema: Parser<T>, init?: CallInit): Promise<T>;
  /** A call on the login host under `/idp`; sends the browser's cookies, never the token. */
  idp<T>(path: string, schema: Parser<T>, init?: CallInit): Promise<T>;
  /**
   * The poll host's long poll (spec 000 §7): `GET /poll?seq&event` with the same credentials
   * as the app host; resolves with the text answer, whose first line is `seq=N`.
   */
  poll(query: Query, signal?: AbortSignal): Promise<string>;
  /** A call on the page's own origin (health check); no credentials. */
  origin<T>(path: string, schema: Parser<T>, init?: CallInit): Promise<T>;
  /**
   * The bytes behind a signed media URL (thumbnail, preview, original) as a Blob; the
   * signature is the credential, so no token is sent. `range` asks for part of them.
   */
  media(url: string, init?: { range?: string; signal?: AbortSignal }): Promise<Blob>;
  /**
   * Registers a handler run on every 401 answer of any call (spec 001 §4).
   * @returns a function that unregisters it.
   */
  onUnauthorized(handler: () => void): () => void;
  /**
   * Registers a handler run with the error of every non-2xx answer of any call, e.g. to
   * react to `user_disabled` wherever it shows up.
   * @returns a function that unregisters it.
   */
  onErrorResponse(handler: (error: HttpError) => void): () => void;
}

/** Creates the HTTP client over a resolved service directory. */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const fetchFn = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const onOnlineChange = deps.onOnlineChange ?? (() => undefined);
  const logger = deps.logger ?? console;
  const pending = deps.pending ?? pendingOperations;
  const unauthorizedHandlers = new Set<() => void>();
  const errorHandlers = new Set<(error: HttpError) => void>();

  async function send<T>(url: string, schema: Parser<T>, init: CallInit, extra: RequestInit): Promise<T> {
    const method = init.method ?? 'GET';
    const isChange = method !== 'GET' && init.isQuiet !== true && init.keepalive !== true;
    const release = isChange ? pending.hold() : undefined;
    try {
      return await sendNow(url, schema, init, extra, method);
    } finally {
      release?.();
    }
  }

  async function sendNow<T>(
    url: string,
    schema: Parser<T>,
    init: CallInit,
    extra: RequestInit,
    method: string,
  ): Promise<T> {
    const headers = new Headers(extra.headers);
    headers.set('accept', 'application/json');
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    else if (init.text !== undefined) headers.set('content-type', 'text/plain; charset=utf-8');
    let response: Response;
    try {
      response = await fetchFn(url, {
        ...extra,
        method,
        headers,
        ...(init.form
          ? { body: init.form }
          : init.body !== undefined
            ? { body: JSON.stringify(init.body) }
            : init.text !== undefined
              ? { body: init.text }
              : {}),
        ...(init.signal ? { signal: init.signal } : {}),
        ...(init.keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      onOnlineChange(false);
      logger.warn(`${method} ${stripQuery(url)}: no answer`);
      throw new HttpError({ status: 0, code: 'network_error', message: 'No Internet connection' });
    }
    onOnlineChange(true);
    const body = init.asText && response.ok ? await response.text() : await readJson(response);
    // Navigation aborted the request while its answer was read: the caller asked for that,
    // so it stays an abort (the queries drop it) rather than a logged contract error.
    init.signal?.throwIfAborted();
    if (!response.ok) {
      const error = HttpError.fromResponse(response.status, body);
      logger.warn(`${method} ${stripQuery(url)}: ${response.status} ${error.code}`);
      if (response.status === 401) for (const handler of [...unauthorizedHandlers]) handler();
      for (const handler of [...errorHandlers]) handler(error);
      throw error;
    }
    try {
      return schema.parse(body);
    } catch (cause) {
      logger.warn(`${method} ${stripQuery(url)}: answer does not match the contract`);
      // Keep a contract parser's own message, e.g. 'Invalid service dict' (spec 000 §8).
      const message =
        cause instanceof Error && cause.message.length < 200 ? cause.message : 'Invalid response';
      throw new HttpError({ status: response.status, code: 'invalid_response', message });
    }
  }

  return {
    directory: deps.directory,
    app(path, schema, init = {}) {
      const token = deps.session.findToken();
      const query: Query = {
        key: WEB_CLIENT_KEY,
        client_v: CLIENT_VERSION,
        device_id: deps.session.getDeviceId(),
        ...init.query,
      };
      const headers: Record<string, string> = { ...init.headers };
      if (token !== undefined) headers.authorization = basicAuthorization(token);
      return send(buildUrl(deps.directory.app, APP_BASE_PATH + path, query), schema, init, { headers });
    },
    poll(query, signal) {
      const token = deps.session.findToken();
      const headers: Record<string, string> = {};
      if (token !== undefined) headers.authorization = basicAuthorization(token);
      const fullQuery: Query = {
        key: WEB_CLIENT_KEY,
        client_v: CLIENT_VERSION,
        device_id: deps.session.getDeviceId(),
        ...query,
      };
      return send(
        buildUrl(deps.directory.poll, '/poll', fullQuery),
        TEXT,
        { asText: true, ...(signal && { signal }) },
        { headers },
      );
    },
    idp(path, schema, init = {}) {
      return send(buildUrl(deps.directory.login, '/idp' + path, init.query), schema, init, {
        credentials: 'include',
      });
    },
    origin(path, schema, init = {}) {
      return send(buildUrl('', path, init.query), schema, init, { credentials: 'omit' });
    },
    async media(url, init = {}) {
      let response: Response;
      try {
        response = await fetchFn(url, {
          credentials: 'omit',
          ...(init.range && { headers: { range: init.range } }),
          ...(init.signal && { signal: init.signal }),
        });
      } catch (cause) {
        if (init.signal?.aborted) throw cause;
        onOnlineChange(false);
        throw new HttpError({ status: 0, code: 'network_error', message: 'No Internet connection' });
      }
      onOnlineChange(true);
      if (!response.ok) throw HttpError.fromResponse(response.status, await readJson(response));
      return response.blob();
    },
    onUnauthorized(handler) {
      unauthorizedHandlers.add(handler);
      return () => unauthorizedHandlers.delete(handler);
    },
    onErrorResponse(handler) {
      errorHandlers.add(handler);
      return () => errorHandlers.delete(handler);
    },
  };
}

const TEXT: Parser<string> = { parse: (value) => String(value) };

/** `Authorization` value of spec 001 §7: HTTP Basic with user `token` and the token as password. */
export function basicAuthorization(token: string): string {
  const bytes = new TextEncoder().encode(`${BASIC_AUTH_USER}:${token}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Joins a host base URL, a path and query parameters. */
export function buildUrl(base: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return `${base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** The JSON body of an answer, or null when it has none or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
