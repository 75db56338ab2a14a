import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { readQueueDepth } from '../queue/queue-depth.ts';
import { registerDiskCollector, registerQueueCollector } from './collectors.ts';
import type { TroveMetrics } from './metrics.ts';

/** A listening metrics endpoint. */
export interface MetricsListener {
  /** `http://host:port`, as bound (port 0 resolved). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text format) of `registry` and nothing else, on a socket
 * of its own: a plain Node server rather than a second Fastify app, because it has one path,
 * no auth of its own (the address is the protection, see [Note: Metrics]) and must not be
 * timed as an API request.
 */
export async function listenMetrics(
  registry: Registry,
  options: { port: number; host: string },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        // The collectors catch their own failures; what is left is prom-client's, with nothing to tell.
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${String(port)}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        // A scraper's keep-alive connection would otherwise hold the close until it times out.
        server.closeIdleConnections();
      }),
  };
}

/**
 * The metrics of `trove serve` and `trove worker` when METRICS_PORT is set: the scrape-time
 * reads (the work items table, the data disk) and the listener on METRICS_HOST. Undefined
 * when METRICS_PORT is 0 (the default): nothing listens and nothing is read.
 */
export async function exposeMetrics(
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'DATA_DIR' | 'DISK_RESERVE_MB'>,
  metrics: TroveMetrics,
  db: Kysely<Database>,
): Promise<MetricsListener | undefined> {
  if (config.METRICS_PORT === 0) return undefined;
  registerQueueCollector(metrics, (now) => readQueueDepth(db, now));
  registerDiskCollector(metrics, config.DATA_DIR, config.DISK_RESERVE_MB * 1024 * 1024);
  return listenMetrics(metrics.registry, { port: config.METRICS_PORT, host: config.METRICS_HOST });
}
