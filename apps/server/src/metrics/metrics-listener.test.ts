import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase, type TestDatabase } from '../test/harness.ts';
import { freePort } from '../test/server-process.ts';
import { createMetrics } from './metrics.ts';
import { exposeMetrics, listenMetrics } from './metrics-listener.ts';
import { sampleOf } from './metrics.test-support.ts';

/** Issue #26, [Note: Metrics]: the listener of METRICS_PORT, off unless configured. */
describe('the metrics listener', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-metrics-'));
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off by default: no METRICS_PORT, nothing listens and nothing is read', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.METRICS_PORT).toBe(0);
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    const metrics = createMetrics();
    expect(await exposeMetrics(config, metrics, database.handle.db)).toBeUndefined();
    expect(metrics.sources.size).toBe(0);
    expect(await metrics.registry.metrics()).not.toContain('trove_queue_depth');
  });

  it('serves GET /metrics on loopback with the queue, disk and process metrics, and nothing else', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '0' });
    // Port 0 means off; the listener itself is tested on a port the OS picks.
    expect(await exposeMetrics(config, createMetrics(), database.handle.db)).toBeUndefined();
    const metrics = createMetrics({ processMetrics: true });
    const listener = await exposeMetrics(
      { ...config, METRICS_PORT: await freePort() },
      metrics,
      database.handle.db,
    );
    if (!listener) throw new Error('no listener');
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${listener.url}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expect(sampleOf(text, 'trove_metrics_source_up', { source: 'queue' })).toBe(1);
      expect(sampleOf(text, 'trove_metrics_source_up', { source: 'disk' })).toBe(1);
      expect(sampleOf(text, 'trove_disk_free_bytes')).toBeGreaterThan(0);
      expect(sampleOf(text, 'trove_disk_reserve_bytes')).toBe(config.DISK_RESERVE_MB * 1024 * 1024);
      expect(sampleOf(text, 'trove_process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE trove_nodejs_eventloop_lag_seconds gauge');

      const head = await fetch(`${listener.url}/metrics`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect((await fetch(`${listener.url}/`)).status).toBe(404);
      expect((await fetch(`${listener.url}/healthz`)).status).toBe(404);
      expect((await fetch(`${listener.url}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await listener.close();
    }
    await expect(fetch(`${listener.url}/metrics`)).rejects.toThrow();
  });

  it('refuses to start on a port that is taken, rather than serving nothing', async () => {
    const taken = await listenMetrics(createMetrics().registry, { port: 0, host: '127.0.0.1' });
    try {
      const port = Number(new URL(taken.url).port);
      await expect(listenMetrics(createMetrics().registry, { port, host: '127.0.0.1' })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await taken.close();
    }
  });
});
