import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { DIALECTS, openTestDatabase, testClock, type TestDatabase } from '../test/harness.ts';
import { until } from '../test/wait.ts';
import { createDatabaseWorkQueue, WORK_CHANNEL, type WorkHandler, type WorkQueue } from './work-queue.ts';
import { createWorkItemsRepository } from './work-items.repository.ts';

/**
 * Proving that a queue did not run something: a sentinel item, runnable later than the item
 * that must not run (its run_after one millisecond after), is claimed after it (claims go
 * oldest first). Once the sentinel ran, the other item would have run before it.
 */
const SENTINEL = { sentinel: true };

describe.each(DIALECTS)('database work queue (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  const queues: WorkQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await database?.cleanup();
  });

  async function setup(concurrency = 2) {
    database = await openTestDatabase(dialect);
    const clock = testClock();
    const workItems = createWorkItemsRepository(database.handle.db);
    const bus = createInProcessEventBus();
    const make = () => {
      const queue = createDatabaseWorkQueue({ workItems, bus, concurrency, now: clock.now, pollMs: 60_000 });
      queues.push(queue);
      return queue;
    };
    return { clock, workItems, bus, make };
  }

  it('outlives a claim the database refuses (a full disk): reports it and claims at the next wake-up', async () => {
    const { clock, workItems, bus } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: { n: 1 }, now: clock.now() });
    let refuse = true;
    const flaky = {
      ...workItems,
      claim: (...args: Parameters<typeof workItems.claim>) =>
        refuse ? Promise.reject(new Error('database or disk is full')) : workItems.claim(...args),
    };
    const errors: string[] = [];
    const ran: number[] = [];
    const queue = createDatabaseWorkQueue({
      workItems: flaky,
      bus,
      concurrency: 1,
      now: clock.now,
      pollMs: 60_000,
      onError: (error) => errors.push(String(error)),
    });
    queues.push(queue);
    queue.start({
      media: (payload) => {
        ran.push(Number(payload.n));
        return Promise.resolve();
      },
    });
    await until(() => errors.length === 1);
    expect(errors[0]).toMatch(/disk is full/);
    refuse = false;
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => ran.length === 1);
  });

  it('runs every committed item once, at most `concurrency` at a time, across two workers', async () => {
    const { clock, workItems, bus, make } = await setup(2);
    for (let i = 0; i < 12; i++)
      await workItems.enqueue({ kind: 'media', payload: { n: i }, now: clock.now() });
    const seen: number[] = [];
    let running = 0;
    let peak = 0;
    const handler = async (payload: Record<string, unknown>) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(Number(payload.n));
      running -= 1;
    };
    make().start({ media: handler });
    make().start({ media: handler });
    await until(() => seen.length === 12);
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(peak).toBeLessThanOrEqual(4);
    // The handler's last push comes just before its item is marked done.
    await until(async () => (await workItems.countQueued('media')) === 0);
    expect(await workItems.countQueued('media')).toBe(0);

    // Work committed later is picked up as soon as the bus says so, not at the next poll.
    await workItems.enqueue({ kind: 'media', payload: { n: 99 }, now: clock.now() });
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => seen.includes(99), 'item 99, woken by the bus (the poll is a minute away)');
  });

  it('retries a failing item later with backoff, and gives up after the last attempt', async () => {
    const { clock, workItems, bus } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: {}, now: clock.now() });
    const attempts: number[] = [];
    const errors: unknown[] = [];
    const queue = createDatabaseWorkQueue({
      workItems,
      bus,
      concurrency: 1,
      now: clock.now,
      pollMs: 60_000,
      maxAttempts: 3,
      onError: (error) => errors.push(error),
    });
    queues.push(queue);
    const givenUp: unknown[] = [];
    let sentinels = 0;
    const media: WorkHandler = Object.assign(
      (payload: Record<string, unknown>, item: { attempts: number }) => {
        if (payload.sentinel) {
          sentinels += 1;
          return Promise.resolve();
        }
        attempts.push(item.attempts);
        return Promise.reject(new Error('store unavailable'));
      },
      { giveUp: (payload: Record<string, unknown>) => Promise.resolve(void givenUp.push(payload)) },
    );
    queue.start({ media });
    const sentinelRuns = async (count: number) => {
      await workItems.enqueue({ kind: 'media', payload: SENTINEL, now: clock.advance(1) });
      await bus.publish(WORK_CHANNEL, 'media');
      await until(() => sentinels === count, 'the sentinel item');
    };
    await until(() => attempts.length === 1);
    expect(givenUp).toEqual([]);
    // Not again before its backoff has passed: had it been runnable, it ran before the sentinel.
    await sentinelRuns(1);
    expect(attempts).toEqual([1]);
    for (const wait of [10_000, 40_000]) {
      clock.advance(wait);
      await bus.publish(WORK_CHANNEL, 'media');
      await until(() => attempts.length === (wait === 10_000 ? 2 : 3));
    }
    clock.advance(10 * 60_000);
    await sentinelRuns(2);
    expect(attempts).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(3);
    // The last failure gives up: the handler hears it once, and the item stays failed.
    await until(async () => (await workItems.listStuck(0)).length === 1);
    expect(givenUp).toEqual([{}]);
    expect((await workItems.listStuck(0))[0]?.state).toBe('failed');
    expect(await workItems.countQueued('media')).toBe(0);
  });

  it('returns the items of a process that died within half a minute, and keeps a live one’s', async () => {
    const { clock, workItems, bus } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: { n: 1 }, now: clock.now() });
    await workItems.enqueue({ kind: 'media', payload: { n: 2 }, now: clock.now() + 1 });
    // Process A runs item 1 and then dies mid-work (kill -9): its renewals stop.
    let aliveA = true;
    const renewedA: number[] = [];
    const repositoryOf = (alive: () => boolean, renewed: number[]) => ({
      ...workItems,
      renew: async (id: string, until: number) => {
        if (!alive()) return;
        await workItems.renew(id, until);
        renewed.push(until);
      },
    });
    const startedA: unknown[] = [];
    const queueA = createDatabaseWorkQueue({
      workItems: repositoryOf(() => aliveA, renewedA),
      bus,
      concurrency: 1,
      now: clock.now,
      pollMs: 60_000,
      renewMs: 5,
    });
    queueA.start({ media: (payload) => new Promise(() => void startedA.push(payload.n)) });
    await until(() => startedA.length === 1);
    // Alive, A keeps its claim however long the work takes.
    for (let i = 0; i < 3; i++) {
      const renewals = renewedA.length;
      clock.advance(20_000);
      await until(() => renewedA.length > renewals);
    }
    expect(await workItems.claim('media', clock.now(), 1)).toMatchObject({ payload: '{"n":2}' });
    aliveA = false;
    // Started again (process B) half a minute after A died, it finds A's item.
    clock.advance(30_001);
    const ranB: unknown[] = [];
    const queueB = createDatabaseWorkQueue({
      workItems,
      bus,
      concurrency: 1,
      now: clock.now,
      pollMs: 60_000,
    });
    queues.push(queueB);
    queueB.start({ media: (payload) => Promise.resolve(void ranB.push(payload.n)) });
    await until(() => ranB.includes(1));
  });

  it('gives a crashed worker’s item to another once its lease runs out', async () => {
    const { clock, workItems, bus, make } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: {}, now: clock.now() });
    // A worker claimed it and died without finishing.
    expect(await workItems.claim('media', clock.now(), 60_000)).toBeDefined();
    const ran: number[] = [];
    const queue = make();
    let sentinels = 0;
    queue.start({
      media: (payload, item) => {
        if (payload.sentinel) sentinels += 1;
        else ran.push(item.attempts);
        return Promise.resolve();
      },
    });
    // Its lease holds: a sentinel queued after it runs, and it does not.
    await workItems.enqueue({ kind: 'media', payload: SENTINEL, now: clock.advance(1) });
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => sentinels === 1, 'the sentinel item');
    expect(ran).toEqual([]);
    clock.advance(60_001);
    await queue.stop();
    const again = make();
    again.start({
      media: (_payload, item) => {
        ran.push(item.attempts);
        return Promise.resolve();
      },
    });
    await until(() => ran.length === 1);
    expect(ran).toEqual([2]);
  });
});
