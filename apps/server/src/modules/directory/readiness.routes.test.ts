import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { createInProcessEventBus, type EventBus } from '../../events/event-bus.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/**
 * Issue #26, [Note: Readiness]: `/readyz` answers 200 while the database, the blob store and
 * the event bus answer, and 503 naming the one that does not (by failing or by hanging past
 * the timeout), without its error; `/healthz` stays 200 all along (the process is alive).
 */
type Mode = 'ok' | 'fail' | 'hang';

describe.each(DIALECTS)('GET /readyz (%s)', (dialect) => {
  let t: TestApp;
  let storeDir: string;
  // What the store and the bus do when next asked: answer, fail, or never answer.
  let storeMode: Mode = 'ok';
  let busMode: Mode = 'ok';
  const hang = () => new Promise<never>(() => undefined);

  beforeAll(async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-readyz-'));
    const realStore = createFsBlobStore(storeDir);
    const realBus = createInProcessEventBus();
    const store: BlobStore = {
      ...realStore,
      kind: realStore.kind,
      stat: (key) => {
        if (storeMode === 'fail') return Promise.reject(new Error('secret-host.internal:9000 refused'));
        if (storeMode === 'hang') return hang();
        return realStore.stat(key);
      },
    };
    const bus: EventBus = {
      ...realBus,
      publish: (channel, message) => {
        if (busMode === 'fail') return Promise.reject(new Error('redis down'));
        if (busMode === 'hang') return hang();
        return realBus.publish(channel, message);
      },
    };
    t = await createTestApp(dialect, { deps: { store, bus } });
  });
  afterEach(() => {
    storeMode = 'ok';
    busMode = 'ok';
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  it('answers 200 with every component ok, to anyone (allow: no token)', async () => {
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ ok: true, checks: { database: 'ok', blobs: 'ok', events: 'ok' } });
  });

  it('answers 503 naming a store that fails, without its error; /healthz stays 200', async () => {
    storeMode = 'fail';
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, checks: { database: 'ok', blobs: 'failed', events: 'ok' } });
    expect(response.body).not.toContain('secret-host');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('counts components that hang past the timeout as failed, at once, and recovers', async () => {
    busMode = 'hang';
    storeMode = 'hang';
    const started = Date.now();
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      ok: false,
      checks: { database: 'ok', blobs: 'failed', events: 'failed' },
    });
    // The probes run together: one timeout (2 s), not one per component.
    expect(Date.now() - started).toBeLessThan(3_500);
    busMode = 'ok';
    storeMode = 'ok';
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 for a database that is gone', async () => {
    const other = await createTestApp(dialect);
    await other.database.close();
    const response = await other.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ checks: { database: string } }>().checks.database).toBe('failed');
    await other.close().catch(() => undefined);
  });

  // [Note: Graceful shutdown]: a stopping node says so, without probing what it is closing.
  it('answers 503 draining, at once, as soon as the process begins to stop', async () => {
    const draining = new AbortController();
    const other = await createTestApp(dialect, { deps: { draining: draining.signal } });
    try {
      expect((await other.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      draining.abort();
      await other.database.close();
      const response = await other.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ ok: false, draining: true });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
