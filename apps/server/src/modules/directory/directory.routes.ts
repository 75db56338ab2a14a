import type { FastifyInstance } from 'fastify';
import type { Brand, ServiceDirectory } from '@trove/contract';

/**
 * Public bootstrap calls: the service directory (spec 000 §5, §7), the brands, and a
 * health check. Nothing here depends on who asks.
 */
export function registerDirectoryRoutes(
  app: FastifyInstance,
  deps: { directory: ServiceDirectory; brands: { intl: Brand; no: Brand } },
): void {
  app.get('/service_directory', { config: { auth: 'public' } }, () => deps.directory);
  app.get('/brands', { config: { auth: 'public' } }, () => deps.brands);
  app.get('/healthz', { config: { auth: 'public' } }, () => ({ ok: true }));
}
