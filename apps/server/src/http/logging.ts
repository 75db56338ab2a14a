import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { ALBUM_AUTH_HEADER, APP_BASE_PATH, FOREIGN_AUTH_HEADER, GUEST_AUTH_HEADER } from '@trove/contract';

/**
 * [Note: Request log]
 * Each request is one `debug` line once it is answered: an instance at the default `info`
 * level logs start, stop, fsck, errors and slow requests, not every thumbnail. A request
 * whose answer took `slowRequestMs` or longer to start is a `warn`; the time is taken when
 * the answer is ready to send, so a slow client downloading a video is not "slow". Routes
 * that wait or receive on purpose (long poll, uploads) are never slow.
 *
 * Nothing that authenticates is ever written, at any level: the request serializer keeps
 * method, path (no query string: login codes and media signatures live there) and address;
 * credential headers and token fields are censored at the top of any log object and up to
 * two levels below (@fastify/multipart logs busboy's options, request headers included, at
 * `trace`; those are logged without the headers as well).
 */

/** Header names whose values are credentials. */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'set-cookie',
  FOREIGN_AUTH_HEADER,
  GUEST_AUTH_HEADER,
  ALBUM_AUTH_HEADER,
];
/** Object fields that carry secrets (the login flow's and the session's). */
const SECRET_FIELDS = ['auth_token', 'token', 'password', 'code_verifier', 'secret', 'client_secret'];

/** Where those fields are censored: at the top of a log object and up to two levels below. */
const DEPTHS = ['', '*.', '*.*.'];

/** Paths censored in every log line (@pinojs/redact: each `*` is exactly one level). */
export const REDACTED_LOG_PATHS: readonly string[] = DEPTHS.flatMap((depth) => [
  ...SECRET_HEADERS.map((h) => `${depth}headers["${h}"]`),
  ...SECRET_FIELDS.map((f) => `${depth}${f}`),
]);

/** Routes (method and pattern) that take as long as the client or the data decide. */
const LONG_BY_DESIGN: ReadonlySet<string> = new Set([
  'GET /poll',
  `POST ${APP_BASE_PATH}/jobs/:id/upload`,
  `PATCH ${APP_BASE_PATH}/jobs/:id/uploads/:uploadId`,
]);

/** The route keys of LONG_BY_DESIGN, so a test can check that each still names a route. */
export const LONG_ROUTES: readonly { method: string; url: string }[] = [...LONG_BY_DESIGN].map((key) => {
  const [method = '', url = ''] = key.split(' ');
  return { method, url };
});

/** Fastify logger options: level (and a destination, for tests), serializers, redaction. */
export function loggerOptions(options: {
  level: string;
  stream?: NodeJS.WritableStream;
}): NonNullable<FastifyServerOptions['logger']> {
  return {
    ...options,
    serializers: { req: logRequest, busboyOptions: withoutHeaders },
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
  };
}

/**
 * Fastify's request log lines, at the levels of [Note: Request log]. `register` adds the
 * hook that notes when each answer is ready to send.
 */
export class RequestLogController extends LogController {
  readonly #slowRequestMs: number;
  readonly #readyMs = new WeakMap<FastifyRequest, number>();

  constructor(slowRequestMs: number) {
    super();
    this.#slowRequestMs = slowRequestMs;
  }

  /** Adds the timing hook to the app that uses this controller. */
  register(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply) => {
      this.#readyMs.set(request, reply.elapsedTime);
    });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const readyMs = Math.round(this.#readyMs.get(request) ?? reply.elapsedTime);
    const line = {
      req: request,
      statusCode: reply.statusCode,
      readyMs,
      totalMs: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (readyMs >= this.#slowRequestMs && !isLongByDesign(request)) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A client that goes away mid-download is ordinary; anything else is worth a look.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ req: request }, 'client closed the response early');
    } else {
      reply.log.warn({ req: request, err: error }, 'response failed after its headers were sent');
    }
  }
}

function isLongByDesign(request: FastifyRequest): boolean {
  return LONG_BY_DESIGN.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/** What the log keeps of a request: never the query string, never a header. */
function logRequest(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, path: request.url.split('?')[0], ip: request.ip };
}

/** busboy's options minus the request headers @fastify/multipart puts into them. */
function withoutHeaders(options: Record<string, unknown>): Record<string, unknown> {
  const { headers: _headers, ...rest } = options;
  return rest;
}
