import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAST_SECRET_HEADER, type CastReceiverCreated, type CastReceiverView } from '@trove/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createRedisEventBus } from '../../events/redis-event-bus.ts';
import { createFsBlobStore } from '../../storage/fs-blob-store.ts';
import {
  INJECT_ENV,
  fakeJpeg,
  openTestDatabase,
  signUp,
  testClock,
  timelineOf,
  uploadFile,
  type Session,
  type TestDatabase,
} from '../../test/harness.ts';
import { TEST_REDIS_URL, useTestRedis } from '../../test/redis.ts';

/**
 * Casting across two nodes (issue #27, [Note: Casting]): one PostgreSQL database, one blob
 * store, a Redis event bus each. The TV polls one node, the sender talks to the other: its
 * messages and its sign-out reach the waiting poll through Redis, long before the poll's
 * 25 s timeout would.
 */
useTestRedis('casting across nodes');

describe('cast across two nodes (postgres)', () => {
  let database: TestDatabase;
  const nodes: FastifyInstance[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const secret = randomBytes(32);
    const clock = testClock(Date.now());
    const prefix = `trove-test-cast-${randomBytes(4).toString('hex')}:`;
    const shared = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-cast-store-'));
    dirs.push(shared);
    const store = createFsBlobStore(shared, { reserveBytes: 0 });
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-cast-node-'));
      dirs.push(dataDir);
      const app = await buildApp({
        config: loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV }),
        database: database.handle,
        store,
        bus: createRedisEventBus(TEST_REDIS_URL, { prefix }),
        mediaSecret: secret,
        now: clock.now,
        logger: false,
      });
      await app.ready();
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await database.cleanup();
    for (const dir of dirs) await fs.promises.rm(dir, { recursive: true, force: true });
  });

  const call = (app: FastifyInstance, who: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/st/4${url}?${who.query}`,
      headers: who.headers,
      ...(payload && { payload }),
    });
  const poll = (app: FastifyInstance, secret: string, query: string) =>
    app.inject({ url: `/st/4/cast/receiver?${query}`, headers: { [CAST_SECRET_HEADER]: secret } });

  it('wakes the TV on one node with the sender’s message and sign-out on the other', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('two nodes');
    const owner = await signUp(a);
    const job = await timelineOf(a, owner);
    const upload = await uploadFile(a, owner, job, { path: 'Camera/tv.jpg', content: fakeJpeg(3000) });
    const fileId = upload.json<{ uuid: string }>().uuid;
    await database.handle.db
      .updateTable('files')
      .set({ media_status: 'ready' })
      .where('id', '=', fileId)
      .execute();

    const receiver = (
      await a.inject({ method: 'POST', url: '/st/4/cast/receivers' })
    ).json<CastReceiverCreated>();
    // The TV waits on node A while unpaired; pairing on node B wakes it.
    const pairing = poll(a, receiver.secret, 'serial=0&paired=0');
    let started = Date.now();
    expect((await call(b, owner, 'POST', '/cast/pair', { code: receiver.code })).statusCode).toBe(200);
    expect((await pairing).json<CastReceiverView>().paired).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);

    const loading = poll(a, receiver.secret, 'serial=0&paired=1');
    started = Date.now();
    const load = { type: 'load', job_id: job, file_ids: [fileId], index: 0, autoplay: true };
    expect(
      (await call(b, owner, 'POST', `/cast/receivers/${receiver.receiver_id}/messages`, load)).statusCode,
    ).toBe(200);
    expect((await loading).json<CastReceiverView>()).toMatchObject({ serial: 1, count: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);

    // The sender signs out on node B: the TV's poll on node A ends with 404 at once.
    const waiting = poll(a, receiver.secret, 'serial=1&paired=1');
    started = Date.now();
    expect((await call(b, owner, 'POST', '/logout')).statusCode).toBeLessThan(300);
    expect((await waiting).statusCode).toBe(404);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
