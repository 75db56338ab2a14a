import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, useTestRedis } from '../test/redis.ts';
import { createRedisEventBus, type RedisEventBus } from './redis-event-bus.ts';
import { trackResources, until } from '../test/wait.ts';

/**
 * Runs against this machine's Redis, shared with other tests: every test uses its own
 * channel prefix. Without Redis these fail.
 */
const REDIS_URL = TEST_REDIS_URL;
const TEST_FILE = fileURLToPath(import.meta.url);

const redis = useTestRedis('Redis event bus tests');

/** How many connections are subscribed to a channel, as Redis sees it. */
async function subscribers(channel: string): Promise<number> {
  const reply = (await redis.admin.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
  return reply[1];
}

describe('Redis event bus', () => {
  let prefix = '';
  const buses: RedisEventBus[] = [];
  const errors: unknown[] = [];
  /** One bus: what one server or worker process holds. */
  const make = () => {
    const bus = createRedisEventBus(REDIS_URL, { prefix, onError: (error) => errors.push(error) });
    buses.push(bus);
    return bus;
  };
  beforeEach(() => {
    prefix = `trove-test-${randomBytes(5).toString('hex')}:`;
    errors.length = 0;
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('delivers a publish in one process to subscribers in another', async () => {
    const api = make();
    const worker = make();
    const got: string[] = [];
    worker.subscribe('job_changed:1', (message) => got.push(message));
    await worker.ready();
    await api.publish('job_changed:1', 'a');
    await api.publish('job_changed:2', 'other job');
    await api.publish('job_changed:1', 'b');
    await until(() => got.length === 2);
    expect(got).toEqual(['a', 'b']);
    // The publisher's own subscribers hear it too, as with the in-process bus.
    const local: string[] = [];
    api.subscribe('job_changed:1', (message) => local.push(message));
    await api.ready();
    await api.publish('job_changed:1', 'c');
    await until(() => local.length === 1 && got.length === 3);
    expect(errors).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const api = make();
    const worker = make();
    const got: string[] = [];
    const unsubscribe = worker.subscribe('x', (message) => got.push(message));
    const marks: string[] = [];
    worker.subscribe('mark', (message) => marks.push(message));
    await worker.ready();
    await api.publish('x', '1');
    await until(() => got.length === 1);
    unsubscribe();
    unsubscribe();
    await worker.ready();
    await api.publish('x', '2');
    // Messages from one publisher arrive in order: once the mark is in, '2' would have been.
    await api.publish('mark', 'done');
    await until(() => marks.length === 1);
    expect(got).toEqual(['1']);
    expect(await subscribers(`${prefix}x`)).toBe(0);
  });

  it('subscribes to a channel once however many wait on it, and calls each of them', async () => {
    const api = make();
    const worker = make();
    const got: string[] = [];
    const twice = (message: string) => got.push(`twice:${message}`);
    const offs = [
      worker.subscribe('job_changed:7', (message) => got.push(`a:${message}`)),
      worker.subscribe('job_changed:7', twice),
      worker.subscribe('job_changed:7', twice),
      worker.subscribe('job_changed:7', () => {
        throw new Error('a broken handler');
      }),
    ];
    await worker.ready();
    expect(await subscribers(`${prefix}job_changed:7`)).toBe(1);
    await api.publish('job_changed:7', 'm');
    await until(() => got.length === 3);
    expect(got.sort()).toEqual(['a:m', 'twice:m', 'twice:m']);
    expect(errors).toEqual([new Error('a broken handler')]);

    // All but one gone: still subscribed, and the one left still hears.
    for (const off of offs.slice(0, 3)) off();
    await worker.ready();
    expect(await subscribers(`${prefix}job_changed:7`)).toBe(1);
    await api.publish('job_changed:7', 'n');
    await until(() => errors.length === 2);
    expect(got).toHaveLength(3);
    offs[3]?.();
    await worker.ready();
    expect(await subscribers(`${prefix}job_changed:7`)).toBe(0);

    // A handler that unsubscribes itself (a long poll that got its answer) is fine.
    const again = worker.subscribe('job_changed:7', () => {
      again();
      got.push('once');
    });
    const marks: string[] = [];
    worker.subscribe('mark', (message) => marks.push(message));
    await worker.ready();
    await api.publish('job_changed:7', 'o');
    await api.publish('job_changed:7', 'p');
    // In order from one publisher: once the mark is in, 'p' has been delivered (or dropped).
    await api.publish('mark', 'after p');
    await until(() => marks.length === 1);
    await worker.ready();
    expect(await subscribers(`${prefix}job_changed:7`)).toBe(0);
    expect(got.filter((m) => m === 'once')).toHaveLength(1);
  });

  it('close() leaves no connection, timer or socket behind', async () => {
    // This file's sleeps come and go, so they are left out.
    const resources = trackResources([TEST_FILE]);
    const bus = createRedisEventBus(REDIS_URL, { prefix });
    const got: string[] = [];
    bus.subscribe('x', (message) => got.push(message));
    await bus.ready();
    await bus.publish('x', 'hello');
    await until(() => got.length === 1);
    const names = async () => {
      const list = String(await redis.admin.client('LIST'));
      return [...list.matchAll(/ name=(\S*)/g)].map((m) => m[1]).filter((n) => n?.startsWith(prefix));
    };
    expect((await names()).sort()).toEqual([`${prefix}bus:pub`, `${prefix}bus:sub`]);

    await bus.close();
    await bus.close();
    // Sockets finish closing after close() resolves: wait for the last one, not for a time.
    await resources.drained();
    expect(await names()).toEqual([]);
    // Closed: publishing and subscribing are no-ops, not errors.
    await bus.publish('x', 'late');
    bus.subscribe('x', () => undefined)();
    expect(got).toEqual(['hello']);
  });
});
