import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PURGE_KIND } from '../modules/trash/trash.purge.ts';
import { until } from '../test/wait.ts';
import { PROCESS_TEST_TIMEOUT_MS, freePort, spawnTrove, startServerProcess } from '../test/server-process.ts';
import { sampleOf } from './metrics.test-support.ts';

/** The scrape of `url`, or undefined while nothing answers there. */
async function scrape(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${url}/metrics`);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Issue #26, [Note: Metrics]: `trove serve` and `trove worker` as real processes, each with
 * its METRICS_PORT listener on loopback, apart from the public port.
 */
describe('metrics of the trove processes', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-metrics-process-'));
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'trove serve: requests by route on METRICS_PORT, nothing at /metrics of PORT, closed on stop',
    async () => {
      const metricsPort = await freePort();
      const metricsUrl = `http://127.0.0.1:${String(metricsPort)}`;
      const server = await startServerProcess(path.join(root, 'serve'), {
        METRICS_PORT: String(metricsPort),
      });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        const onMain = await fetch(`${server.url}/metrics`);
        expect(onMain.status).toBe(404);
        expect(await onMain.text()).not.toContain('trove_');
        let text = '';
        await until(async () => {
          text = (await scrape(metricsUrl)) ?? '';
          return (
            (sampleOf(text, 'trove_http_request_duration_seconds_count', {
              method: 'GET',
              route: '/healthz',
              status_class: '2xx',
            }) ?? 0) >= 2
          );
        }, 'the /healthz requests in the scrape');
        expect(
          sampleOf(text, 'trove_http_request_duration_seconds_count', {
            method: 'GET',
            route: 'unmatched',
            status_class: '4xx',
          }),
        ).toBe(1);
        expect(sampleOf(text, 'trove_metrics_source_up', { source: 'queue' })).toBe(1);
        expect(sampleOf(text, 'trove_disk_free_bytes')).toBeGreaterThan(0);
        expect(sampleOf(text, 'trove_process_resident_memory_bytes')).toBeGreaterThan(0);
        // The embedded worker shares the registry.
        expect(text).toContain('# TYPE trove_media_renditions_total counter');
      } finally {
        await server.stop();
      }
      expect(await scrape(metricsUrl)).toBeUndefined();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'trove worker: queue depth and work item runs on METRICS_PORT; SIGTERM still stops it',
    async () => {
      const metricsPort = await freePort();
      const metricsUrl = `http://127.0.0.1:${String(metricsPort)}`;
      const worker = spawnTrove(['worker'], path.join(root, 'worker'), { METRICS_PORT: String(metricsPort) });
      try {
        let text = '';
        // On start a worker queues the hourly purge and runs it.
        await until(
          async () => {
            text = (await scrape(metricsUrl)) ?? '';
            return (
              (sampleOf(text, 'trove_work_item_duration_seconds_count', {
                kind: PURGE_KIND,
                outcome: 'done',
              }) ?? 0) >= 1
            );
          },
          'the purge run in the scrape',
          60_000,
        );
        expect(sampleOf(text, 'trove_metrics_source_up', { source: 'queue' })).toBe(1);
        expect(text).toContain('# TYPE trove_queue_depth gauge');
        expect(text).toContain('# TYPE trove_media_renditions_total counter');
        expect(text).toContain('# TYPE trove_process_cpu_seconds_total counter');
        // No HTTP API in a worker: no request timings but the empty family.
        expect(text).not.toContain('trove_http_request_duration_seconds_count{');
      } finally {
        worker.child.kill('SIGTERM');
      }
      expect(await worker.exited, worker.output()).toBe(0);
      expect(await scrape(metricsUrl)).toBeUndefined();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
