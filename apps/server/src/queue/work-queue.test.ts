import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { DIALECTS, openTestDatabase, testClock, type TestDatabase } from '../test/harness.ts';
import { startQueueProcess } from '../test/queue-process.ts';
import { until } from '../test/wait.ts';
import { ABORT_WAIT_MS, HandBackError } from './running-items.ts';
import {
  createDatabaseWorkQueue,
  LEASE_MS,
  WORK_CHANNEL,
  type WorkHandler,
  type WorkQueue,
} from './work-queue.ts';
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
  // Handlers a test holds; a failed test must not leave stop() waiting for them.
  const gates: (() => void)[] = [];
  afterEach(async () => {
    for (const open of gates.splice(0)) open();
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await database?.cleanup();
  });

  async function setup(concurrency = 2) {
    database = await openTestDatabase(dialect);
    const clock = testClock();
    const workItems = createWorkItemsRepository(database.handle.db);
    const bus = createInProcessEventBus();
    const make = (onError?: (error: unknown) => void) => {
      const queue = createDatabaseWorkQueue({
        workItems,
        bus,
        concurrency,
        now: clock.now,
        pollMs: 60_000,
        ...(onError && { onError }),
      });
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

  it('returns the items of a process that died once its 10 s lease ran out, and keeps a live one’s', async () => {
    const { clock, workItems, bus } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: { n: 1 }, now: clock.now() });
    await workItems.enqueue({ kind: 'media', payload: { n: 2 }, now: clock.now() + 1 });
    // Process A runs item 1 and then dies mid-work (kill -9): its renewals stop.
    let aliveA = true;
    const renewedA: number[] = [];
    // The queue renews on a 5 ms timer without waiting for the last renewal, so on a busy
    // PostgreSQL one computed before a clock step could land after one computed since and
    // move the claim back: here renewals are written one after another, in the order asked.
    const repositoryOf = (alive: () => boolean, renewed: number[]) => {
      let writes = Promise.resolve();
      return {
        ...workItems,
        renew: (id: string, until: number) => {
          writes = writes
            .catch(() => undefined)
            .then(async () => {
              if (!alive()) return;
              await workItems.renew(id, until);
              renewed.push(until);
            });
          return writes;
        },
      };
    };
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
      clock.advance(20_000);
      // A renewal asked since the step: the claim now reaches past the clock.
      await until(() => renewedA.some((leaseEnd) => leaseEnd > clock.now()));
    }
    expect(await workItems.claim('media', clock.now(), 1)).toMatchObject({ payload: '{"n":2}' });
    aliveA = false;
    // Started again (process B) a lease after A died, it finds A's item.
    clock.advance(LEASE_MS + 1);
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

  // See: [Note: Work hand-back]. The clock never moves here, so no lease runs out: only a
  // hand-back lets the second worker have the item, and only its wake-up (the poll is a
  // minute away) lets it have it at once.
  it('hands a running item back when stopped past the grace period: another worker takes it at once, the attempt not spent', async () => {
    const { workItems, make, clock } = await setup(1);
    const id = await workItems.enqueue({ kind: 'media', payload: {}, now: clock.now() });
    const reasons: unknown[] = [];
    let startedA = false;
    const a = make();
    a.start({
      media: (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          startedA = true;
          signal.addEventListener('abort', () => {
            reasons.push(signal.reason);
            reject(new Error('ffmpeg killed'));
          });
        }),
    });
    await until(() => startedA);
    const ranB: { attempts: number; at: number }[] = [];
    make().start({
      media: (_payload, item) => Promise.resolve(void ranB.push({ attempts: item.attempts, at: Date.now() })),
    });
    const stoppedAt = Date.now();
    await a.stop({ graceMs: 50 });
    await until(() => ranB.length === 1, 'the second worker to run the handed-back item');
    expect(reasons).toEqual([expect.any(HandBackError)]);
    // The attempt A spent was given back: B runs it as the first.
    expect(ranB[0]?.attempts).toBe(1);
    expect((ranB[0]?.at ?? 0) - stoppedAt).toBeLessThan(2_000);
    await until(
      async () => !(await workItems.listStuck(Number.MAX_SAFE_INTEGER)).some((row) => row.id === id),
    );
    expect(await workItems.countQueued('media')).toBe(0);
  });

  it('lets items that finish within the grace period complete, untouched by the stop', async () => {
    const { workItems, make, clock } = await setup(1);
    await workItems.enqueue({ kind: 'media', payload: {}, now: clock.now() });
    let started = false;
    const signals: AbortSignal[] = [];
    const a = make();
    a.start({
      media: async (_payload, { signal }) => {
        started = true;
        signals.push(signal);
        await new Promise((resolve) => setTimeout(resolve, 100));
      },
    });
    await until(() => started);
    await a.stop({ graceMs: 10_000 });
    expect(signals[0]?.aborted).toBe(false);
    expect(await workItems.countQueued('media')).toBe(0);
  });

  it('hands back an item whose handler ignores its signal, and drops what that handler does after', async () => {
    const { workItems, make, clock } = await setup(1);
    const id = await workItems.enqueue({ kind: 'media', payload: {}, now: clock.now() });
    const late = Promise.withResolvers<undefined>();
    gates.push(() => {
      late.resolve(undefined);
    });
    let runA: Promise<void> | undefined;
    const errorsA: unknown[] = [];
    const a = make((error) => errorsA.push(error));
    a.start({
      media: () =>
        (runA = (async () => {
          await late.promise;
          throw new Error('A failed after it was handed back');
        })()),
    });
    await until(() => runA !== undefined);
    const stopping = Date.now();
    await a.stop({ graceMs: 0 });
    // stop() waited for the handler to wind down, then let go of it.
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(ABORT_WAIT_MS - 50);
    const held = Promise.withResolvers<undefined>();
    gates.push(() => {
      held.resolve(undefined);
    });
    const ranB: number[] = [];
    make().start({
      media: async (_payload, item) => {
        ranB.push(item.attempts);
        await held.promise;
      },
    });
    await until(() => ranB.length === 1);
    expect(ranB).toEqual([1]);
    // A's handler fails now: that says nothing about the item, which B holds.
    late.resolve(undefined);
    await runA?.catch(() => undefined);
    await new Promise(setImmediate);
    const [row] = await workItems.listStuck(Number.MAX_SAFE_INTEGER);
    expect(row).toMatchObject({ id, state: 'queued', attempts: 1, last_error: null });
    expect(errorsA).toEqual([]);
    held.resolve(undefined);
    await until(async () => (await workItems.countQueued('media')) === 0);
  });

  it(
    'gives the item of a worker killed mid-item (SIGKILL) to another within the 10 s lease',
    { timeout: 60_000 },
    async () => {
      database = await openTestDatabase(dialect);
      const workItems = createWorkItemsRepository(database.handle.db);
      const id = await workItems.enqueue({ kind: 'media', payload: {}, now: Date.now() });
      const dead = await startQueueProcess(
        { kind: 'database', databaseUrl: database.url, sqliteFile: database.sqliteFile },
        id,
      );
      dead.child.kill('SIGKILL');
      await dead.exited;
      const killedAt = Date.now();
      let ranAt = 0;
      const queue = createDatabaseWorkQueue({
        workItems,
        bus: createInProcessEventBus(),
        concurrency: 1,
        pollMs: 200,
      });
      queues.push(queue);
      queue.start({ media: () => Promise.resolve(void (ranAt = Date.now())) });
      await until(() => ranAt > 0, 'the dead worker’s item', 30_000);
      // At most a lease after its last renewal (10 s, where it was 30 s: issue #26), plus
      // this worker's poll and some slack.
      expect(ranAt - killedAt).toBeLessThan(13_000);
    },
  );
});
