import type { FastifyInstance } from 'fastify';
import type { Brand, ServiceDirectory } from '@trove/contract';
import type { Readiness } from './readiness.ts';

/**
 * Public bootstrap calls: the service directory (spec 000 §5, §7), the brands, and the
 * health checks: `/healthz` (the process is alive) and `/readyz` (this node reaches what it
 * needs, 503 naming what it does not; See: [Note: Readiness]). Nothing here depends on who
 * asks.
 */
export function registerDirectoryRoutes(
  app: FastifyInstance,
  deps: {
    directory: ServiceDirectory;
    brands: { intl: Brand; no: Brand };
    readiness: () => Promise<Readiness>;
  },
): void {
  app.get('/service_directory', { config: { auth: 'public' } }, () => deps.directory);
  app.get('/brands', { config: { auth: 'public' } }, () => deps.brands);
  app.get('/healthz', { config: { auth: 'public' } }, () => ({ ok: true }));
  app.get('/readyz', { config: { auth: 'public' } }, async (_request, reply) => {
    const readiness = await deps.readiness();
    // Never cached: a load balancer asks every few seconds and must see the node as it is.
    void reply.header('cache-control', 'no-store');
    return reply.code(readiness.ok ? 200 : 503).send(readiness);
  });
}
