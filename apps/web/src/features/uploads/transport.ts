import { APP_BASE_PATH, CLIENT_VERSION, WEB_CLIENT_KEY, type ServiceDirectory } from '@trove/contract';
import { basicAuthorization, buildUrl, type Query } from '../../api/http-client.ts';
import { HttpError } from '../../api/http-error.ts';
import type { SessionRecord } from '../../api/session-record.ts';

/** A request that carries file bytes, on the app host under /st/4. */
export interface ByteRequest {
  method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE';
  path: string;
  query?: Query;
  headers?: Record<string, string>;
  body?: Blob | FormData;
  /** Bytes of the body sent so far, as the browser reports them. */
  onUploadProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** A 2xx answer. */
export interface ByteResponse {
  status: number;
  header(name: string): string | null;
  /** The JSON body, or null when there is none. */
  body: unknown;
}

/** Sends a {@link ByteRequest}; failures are {@link HttpError}s (status 0 without an answer). */
export type SendBytes = (request: ByteRequest) => Promise<ByteResponse>;

/** What the transport needs: the same hosts, session and online reporting as the HTTP client. */
export interface ByteTransportDeps {
  directory: ServiceDirectory;
  session: Pick<SessionRecord, 'findToken' | 'getDeviceId'>;
  onOnlineChange?: (isOnline: boolean) => void;
  /** A request whose body stops moving for this long is given up as a lost connection. */
  stallMs?: number;
  createXhr?: () => XMLHttpRequest;
}

const DEFAULT_STALL_MS = 60_000;

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The uploads' own transport: XMLHttpRequest, because fetch cannot report how much of a
 * request body has been sent, and the panel shows per-file progress (spec 000 §4). It signs
 * requests exactly as the HTTP client does (spec 001 §7: key, client_v, device_id, Basic
 * token) and reports reachability to the same online state.
 */
export function createXhrTransport(deps: ByteTransportDeps): SendBytes {
  const stallMs = deps.stallMs ?? DEFAULT_STALL_MS;
  const createXhr = deps.createXhr ?? (() => new XMLHttpRequest());
  const onOnlineChange = deps.onOnlineChange ?? (() => undefined);

  return (request) =>
    new Promise<ByteResponse>((resolve, reject) => {
      if (request.signal?.aborted) {
        reject(new DOMException('upload aborted', 'AbortError'));
        return;
      }
      const xhr = createXhr();
      const query: Query = {
        key: WEB_CLIENT_KEY,
        client_v: CLIENT_VERSION,
        device_id: deps.session.getDeviceId(),
        ...request.query,
      };
      xhr.open(request.method, buildUrl(deps.directory.app, APP_BASE_PATH + request.path, query));
      const token = deps.session.findToken();
      if (token !== undefined) xhr.setRequestHeader('authorization', basicAuthorization(token));
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);

      let stallTimer: ReturnType<typeof setTimeout> | undefined;
      let isStalled = false;
      const watchStall = () => {
        clearTimeout(stallTimer);
        stallTimer = setTimeout(() => {
          isStalled = true;
          xhr.abort();
        }, stallMs);
      };
      const onAbort = () => {
        xhr.abort();
      };
      const settle = () => {
        clearTimeout(stallTimer);
        request.signal?.removeEventListener('abort', onAbort);
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });

      const lost = () => {
        settle();
        onOnlineChange(false);
        reject(new HttpError({ status: 0, code: 'network_error', message: 'No Internet connection' }));
      };
      xhr.upload.onprogress = (event) => {
        watchStall();
        request.onUploadProgress?.(event.loaded, event.total);
      };
      // Once the body is out, the server may take long (the last resumable chunk is hashed
      // and stored before the answer): only a body that stops moving counts as stalled.
      xhr.upload.onload = () => {
        clearTimeout(stallTimer);
      };
      xhr.onerror = lost;
      xhr.ontimeout = lost;
      xhr.onabort = () => {
        if (isStalled) {
          lost();
          return;
        }
        settle();
        reject(new DOMException('upload aborted', 'AbortError'));
      };
      xhr.onload = () => {
        settle();
        onOnlineChange(true);
        const body = parseJson(xhr.responseText);
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(HttpError.fromResponse(xhr.status, body));
          return;
        }
        resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), body });
      };
      if (request.body !== undefined) watchStall();
      xhr.send(request.body ?? null);
    });
}
