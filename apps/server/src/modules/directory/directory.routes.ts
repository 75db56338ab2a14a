import type { FastifyInstance } from 'fastify';
import type { Brand, ServiceDirectory } from '@trove/contract';
import type { Readiness } from './readiness.ts';

/**
 * Public bootstrap calls: the service directory (spec 000 §5, §7), the brands, and the
 * health checks: `/healthz` (the process is alive) and `/readyz` (this node reaches what it
 * needs, 503 naming what it does not; See: [Note: Readiness]; 503 `draining` once the
 * process stops, See: [Note: Graceful shutdown]). Nothing here depends on who asks.
 */
export function registerDirectoryRoutes(
  app: FastifyInstance,
  deps: {
    directory: ServiceDirectory;
    brands: { intl: Brand; no: Brand };
    readiness: () => Promise<Readiness>;
    /** Aborted once the process is stopping. */
    draining: AbortSignal;
  },
): void {
  app.get('/service_directory', { config: { auth: 'public' } }, () => deps.directory);
  app.get('/brands', { config: { auth: 'public' } }, () => deps.brands);
  app.get('/healthz', { config: { auth: 'public' } }, () => ({ ok: true }));
  app.get('/readyz', { config: { auth: 'public' } }, async (_request, reply) => {
    // Never cached: a load balancer asks every few seconds and must see the node as it is.
    void reply.header('cache-control', 'no-store');
    // Stopping: whatever it reaches, this node takes no new work (and probing the database
    // it is about to close would only add to its drain).
    if (deps.draining.aborted) return reply.code(503).send({ ok: false, draining: true });
    const readiness = await deps.readiness();
    return reply.code(readiness.ok ? 200 : 503).send(readiness);
  });
}
