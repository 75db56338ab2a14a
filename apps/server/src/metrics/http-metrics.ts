import type { FastifyInstance } from 'fastify';
import type { TroveMetrics } from './metrics.ts';

/** The route label of a request no route matched (the SPA fallback, a 404). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Status classes by hundred, made once: a request's label costs no string. */
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
}

/**
 * Times every answered request into trove_http_request_duration_seconds (see [Note:
 * Metrics]). The route label is the matched route's pattern (`/st/4/jobs/:id`), never the
 * URL, whose ids would make a series per file; a request no route matched is `unmatched`.
 * An answer the client broke off before its end is not counted (onResponse never runs).
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Pick<TroveMetrics, 'httpDuration'>): void {
  const { httpDuration } = metrics;
  app.addHook('onResponse', (request, reply, done) => {
    // The not-found handler's requests carry no route pattern.
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    httpDuration.observe(
      { method: request.method, route, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
