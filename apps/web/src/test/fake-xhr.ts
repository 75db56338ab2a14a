/**
 * A stand-in for XMLHttpRequest in tests (jsdom's would go to the network), serving the
 * uploads' byte requests from routes like fake-fetch's. Only imported by tests.
 */

/** One request as the fake saw it. */
export interface SeenXhr {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** An answer; 'network' fails the request, 'hang' never answers (until aborted). */
export type XhrAnswer =
  { status?: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang';

/** Routes keyed "METHOD /path" (no query). */
export type XhrRoutes = Record<string, XhrAnswer | ((request: SeenXhr) => XhrAnswer)>;

const sizeOf = (body: unknown): number =>
  body instanceof Blob ? body.size : body instanceof FormData ? 1000 : 0;

/** A class to put in place of XMLHttpRequest, and the requests it saw. */
export function fakeXhr(routes: XhrRoutes, origin = 'http://localhost:3000') {
  const requests: SeenXhr[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    status = 0;
    responseText = '';
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #responseHeaders: Record<string, string> = {};
    #done = false;

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.#responseHeaders[name.toLowerCase()] ?? null;
    }
    abort() {
      if (this.#done) return;
      this.#done = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const request: SeenXhr = {
        method: this.#method,
        url: new URL(this.#url, origin),
        headers: { ...this.#headers },
        body,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.url.pathname}`];
      const answer: XhrAnswer =
        typeof route === 'function'
          ? route(request)
          : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
      setTimeout(() => {
        if (this.#done || answer === 'hang') return;
        if (answer === 'network') {
          this.#done = true;
          this.onerror?.();
          return;
        }
        const total = sizeOf(body);
        if (total > 0) {
          this.upload.onprogress?.({ loaded: Math.floor(total / 2), total } as ProgressEvent);
          this.upload.onprogress?.({ loaded: total, total } as ProgressEvent);
          this.upload.onload?.();
        }
        this.#done = true;
        this.status = answer.status ?? 200;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.#responseHeaders = Object.fromEntries(
          Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        );
        this.onload?.();
      }, 0);
    }
  }

  return { XMLHttpRequest: FakeXMLHttpRequest as unknown as typeof XMLHttpRequest, requests };
}
