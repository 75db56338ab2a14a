import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, useTestRedis } from '../test/redis.ts';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { DIALECTS, openTestDatabase, testClock, type TestDatabase } from '../test/harness.ts';
import type { Dialect } from '../db/database.ts';
import { trackResources, until } from '../test/wait.ts';
import { startQueueProcess } from '../test/queue-process.ts';
import {
  createBullmqWorkQueue,
  JOB_LOCK_MS,
  STALLED_CHECK_MS,
  type BullmqWorkQueueOptions,
} from './bullmq-work-queue.ts';
import { ABORT_WAIT_MS, HandBackError } from './running-items.ts';
import { WORK_CHANNEL, type WorkHandler, type WorkQueue } from './work-queue.ts';
import { createWorkItemsRepository } from './work-items.repository.ts';

/**
 * Runs against this machine's Redis (no persistence; shared with other tests), so every test
 * uses its own key prefix and only ever deletes its own keys. Without Redis these fail.
 */
const REDIS_URL = TEST_REDIS_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const gates: (() => void)[] = [];
/** A promise the test resolves by hand, to hold a handler mid-item. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  return { open, opened };
}

const redis = useTestRedis('BullMQ queue tests');

/** Deletes one test's keys: what a restarted Redis without persistence would have lost. */
async function deleteKeys(prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.admin.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

async function clientNames(prefix: string): Promise<string[]> {
  const list = await redis.admin.client('LIST');
  return [...String(list).matchAll(/ name=(\S*)/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => name.startsWith(prefix));
}

const TEST_FILE = fileURLToPath(import.meta.url);

/**
 * Proving that an item did not run: a sentinel item, relayed after it would have been (its
 * run_after is later, and the relay claims oldest first), runs on a queue of concurrency 1
 * after it (BullMQ hands out jobs in the order they were added). Once the sentinel ran,
 * the other item would have run before it.
 */
const SENTINEL = { sentinel: true };

function harness(dialect: Dialect) {
  let database: TestDatabase | undefined;
  let prefix = '';
  const queues: WorkQueue[] = [];
  afterEach(async () => {
    // A failed test may leave a handler held, and stop() waits for running handlers.
    for (const open of gates.splice(0)) open();
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await database?.cleanup();
    database = undefined;
    if (prefix) await deleteKeys(prefix);
    prefix = '';
  });

  return async function setup() {
    database = await openTestDatabase(dialect);
    const db = database.handle.db;
    prefix = `trove-test-${randomBytes(5).toString('hex')}`;
    const clock = testClock();
    const workItems = createWorkItemsRepository(db);
    const bus = createInProcessEventBus();
    const errors: unknown[] = [];
    /** One queue instance: what one `trove worker` process runs. */
    const make = (overrides: Partial<BullmqWorkQueueOptions> = {}) => {
      const queue = createBullmqWorkQueue({
        redisUrl: REDIS_URL,
        prefix,
        workItems,
        bus,
        concurrency: 1,
        now: clock.now,
        pollMs: 60_000,
        leaseMs: 60_000,
        backoffMs: 20,
        onError: (error) => errors.push(error),
        ...overrides,
      });
      queues.push(queue);
      return queue;
    };
    const enqueue = (payload: Record<string, unknown>) =>
      workItems.enqueue({ kind: 'media', payload, now: clock.now() });
    const rows = () => db.selectFrom('work_items').selectAll().execute();
    const sqliteFile = database.sqliteFile;
    return { prefix, clock, workItems, bus, errors, make, enqueue, rows, sqliteFile };
  };
}

describe.each(DIALECTS)('BullMQ work queue (%s)', (dialect) => {
  const setup = harness(dialect);

  it('runs every committed item exactly once across two workers, within each one’s concurrency', async () => {
    const { bus, make, enqueue, rows } = await setup();
    for (let i = 0; i < 20; i++) await enqueue({ n: i });
    const seen: number[] = [];
    const peaks = [0, 0];
    // The first items wait until six run at once: both workers full, if neither goes over 3.
    const full = gate();
    let started = 0;
    const worker = (index: 0 | 1): WorkHandler => {
      let running = 0;
      return async (payload) => {
        // Recorded as it starts: jobs start in the order they were added.
        seen.push(Number(payload.n));
        running += 1;
        peaks[index] = Math.max(peaks[index] ?? 0, running);
        if (++started === 6) full.open();
        await full.opened;
        await sleep(5);
        running -= 1;
      };
    };
    make({ concurrency: 3 }).start({ media: worker(0) });
    make({ concurrency: 3 }).start({ media: worker(1) });
    await until(async () => seen.length >= 20 && (await rows()).length === 0, 'the 20 items to be done');
    expect(peaks).toEqual([3, 3]);

    // Work committed later runs on the bus's wake-up (the poll is a minute away). It starts
    // after anything added before it, so a second run of one of the 20 would be seen by then.
    await enqueue({ n: 99 });
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => seen.includes(99), 'item 99, woken by the bus');
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(20).keys(), 99]);
  });

  it('retries with exponential backoff and marks the item failed after the last attempt', async () => {
    const { prefix, make, enqueue, rows, errors } = await setup();
    const broken = await enqueue({ broken: true });
    const flaky = await enqueue({ flaky: true });
    const tries: Record<string, { attempts: number; at: number }[]> = {};
    const givenUp: unknown[] = [];
    const media = Object.assign(
      (payload: Record<string, unknown>, item: { id: string; attempts: number }) => {
        (tries[item.id] ??= []).push({ attempts: item.attempts, at: Date.now() });
        if (payload.broken || item.attempts === 1) return Promise.reject(new Error('store unavailable'));
        return Promise.resolve();
      },
      { giveUp: (payload: Record<string, unknown>) => Promise.resolve(void givenUp.push(payload)) },
    );
    make({ maxAttempts: 3, backoffMs: 40 }).start({ media });
    await until(async () => {
      const left = await rows();
      return left.length === 1 && left[0]?.state === 'failed';
    });
    const [row] = await rows();
    expect(row).toMatchObject({ id: broken, state: 'failed', last_error: 'store unavailable' });
    expect(tries[broken]?.map((t) => t.attempts)).toEqual([1, 2, 3]);
    expect(tries[flaky]?.map((t) => t.attempts)).toEqual([1, 2]);
    // The handler heard once that the broken item is given up (the file is marked failed).
    expect(givenUp).toEqual([{ broken: true }]);
    const at = tries[broken]?.map((t) => t.at) ?? [];
    // 40 ms, then 80 ms (a few ms of timer slack allowed).
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(35);
    expect((at[2] ?? 0) - (at[1] ?? 0)).toBeGreaterThanOrEqual(75);
    expect(errors).toHaveLength(4);
    // Its row is failed (the relay never takes it again) and its job leaves Redis (no retry
    // is scheduled): nothing is left that could run it a fourth time.
    await until(
      async () => (await redis.admin.exists(`${prefix}:work:${broken}`)) === 0,
      'the failed job to leave Redis',
    );
    expect(tries[broken]).toHaveLength(3);
  });

  it('relays a job that Redis lost once its lease runs out, and runs it once', async () => {
    const { prefix, clock, bus, make, enqueue, rows } = await setup();
    const first = await enqueue({ n: 0 });
    const second = await enqueue({ n: 1 });
    const held = gate();
    const ran: string[] = [];
    make().start({
      media: async (payload, item) => {
        if (item.id === first) await held.opened;
        ran.push(payload.sentinel ? 'sentinel' : item.id);
      },
    });
    const sentinelRuns = async (count: number) => {
      clock.advance(1);
      await enqueue(SENTINEL);
      await bus.publish(WORK_CHANNEL, 'media');
      await until(() => ran.filter((id) => id === 'sentinel').length === count, 'the sentinel item');
    };
    // The first item is running, the second waits in Redis: then Redis loses everything.
    await until(async () => (await redis.admin.exists(`${prefix}:work:${second}`)) === 1);
    expect(await deleteKeys(prefix)).toBeGreaterThan(0);
    held.open();
    await until(async () => (await rows()).length === 1);

    // Its lease still holds, so a wake-up relays the sentinel queued after it, and not it.
    await sentinelRuns(1);
    expect(ran).toEqual([first, 'sentinel']);

    clock.advance(60_001);
    await bus.publish(WORK_CHANNEL, 'media');
    await until(async () => (await rows()).length === 0);
    // Relayed once: a second job for it would have run before the next sentinel.
    await sentinelRuns(2);
    expect(ran).toEqual([first, 'sentinel', second, 'sentinel']);
  });

  it('does not run an item twice when it is relayed again while its job still exists', async () => {
    const { clock, bus, make, enqueue, rows } = await setup();
    await enqueue({});
    const held = gate();
    let runs = 0;
    let sentinels = 0;
    const handler: WorkHandler = async (payload) => {
      if (payload.sentinel) {
        sentinels += 1;
        return;
      }
      runs += 1;
      await held.opened;
    };
    make().start({ media: handler });
    make().start({ media: handler });
    await until(() => runs === 1);
    // The lease runs out while the item is still running: another relay claims it again.
    clock.advance(60_001);
    await bus.publish(WORK_CHANNEL, 'media');
    await until(async () => (await rows())[0]?.attempts === 2);
    // The idle worker takes jobs in the order they were added: had the relay added the item
    // again, the idle worker would have run it before this sentinel.
    clock.advance(1);
    await enqueue(SENTINEL);
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => sentinels === 1, 'the sentinel item');
    expect(runs).toBe(1);
    held.open();
    await until(async () => (await rows()).length === 0);
    expect(runs).toBe(1);
  });

  // See: [Note: Work hand-back]. The first worker's claim (its lock) would hold for seconds:
  // only the hand-back lets the second have the job at once.
  it('hands a running job back when stopped past the grace period: another worker takes it at once, no attempt spent', async () => {
    const { prefix, make, enqueue, rows, errors } = await setup();
    const id = await enqueue({});
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
    await until(() => ranB.length === 1, 'the second worker to run the handed-back job');
    expect(reasons).toEqual([expect.any(HandBackError)]);
    expect(ranB[0]?.attempts).toBe(1);
    expect((ranB[0]?.at ?? 0) - stoppedAt).toBeLessThan(2_000);
    await until(async () => (await rows()).length === 0, 'the item to be done');
    // Neither a failure nor a stall was recorded against it.
    expect(errors.map(String).filter((e) => e.includes('ffmpeg killed'))).toEqual([]);
    // Completed, the job leaves Redis (removeOnComplete) once BullMQ has recorded it.
    await until(
      async () => (await redis.admin.exists(`${prefix}:work:${id}`)) === 0,
      'the job to leave Redis',
    );
  });
});

describe('BullMQ work queue', () => {
  const setup = harness('sqlite');

  it('keeps at most `relayAhead` jobs waiting in Redis and relays more as they start', async () => {
    const { prefix, make, enqueue, rows } = await setup();
    for (let i = 0; i < 6; i++) await enqueue({ n: i });
    const held = gate();
    const seen: number[] = [];
    let started = 0;
    make({ relayAhead: 2 }).start({
      media: async (payload) => {
        started += 1;
        await held.opened;
        seen.push(Number(payload.n));
      },
    });
    const claimed = async () => (await rows()).filter((row) => row.locked_until !== null).length;
    // One running and two waiting; the other three stay in the database. Redis says so too:
    // a relay that overfilled it would show more than two waiting.
    await until(async () => started === 1 && (await claimed()) === 3, 'one running, two relayed');
    expect(await redis.admin.llen(`${prefix}:work:wait`)).toBe(2);
    expect(await claimed()).toBe(3);
    // No wake-up and no poll from here on: jobs starting is what relays the rest.
    held.open();
    await until(() => seen.length === 6);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('waits for running items, then leaves no connection, timer or handler behind', async () => {
    const { prefix, bus, make, enqueue, rows } = await setup();
    // This file's own timers (the handlers' sleeps) come and go, so they are left out.
    const resources = trackResources([TEST_FILE]);
    const held = gate();
    let runs = 0;
    const order: string[] = [];
    const queue = make();
    queue.start({
      media: async () => {
        runs += 1;
        await held.opened;
        order.push('handler done');
      },
    });
    const item = await enqueue({});
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => runs === 1);
    expect(await clientNames(prefix)).not.toEqual([]);

    const stopping = queue.stop().then(() => order.push('stopped'));
    held.open();
    await stopping;
    // stop() resolved only after the running handler had finished, and after BullMQ had
    // recorded it (a completed job leaves Redis; one cut off by the stop would stay active).
    expect(order).toEqual(['handler done', 'stopped']);
    expect(await redis.admin.exists(`${prefix}:work:${item}`)).toBe(0);
    expect(await rows()).toEqual([]);
    expect(await clientNames(prefix)).toEqual([]);
    // Sockets finish closing after stop() resolves: wait for the last one, not for a time.
    await resources.drained();

    // Stopped, it takes nothing: a fresh queue gets the next item and runs it, alone.
    const next = make();
    let nextRuns = 0;
    next.start({
      media: () => {
        nextRuns += 1;
        return Promise.resolve();
      },
    });
    await enqueue({});
    await bus.publish(WORK_CHANNEL, 'media');
    await until(() => nextRuns === 1, 'the fresh queue to run the item');
    expect(runs).toBe(1);
  });

  it('hands back a job whose handler ignores its signal, and drops what that handler does after', async () => {
    const { make, enqueue, rows, errors } = await setup();
    const id = await enqueue({});
    const late = gate();
    let runA: Promise<void> | undefined;
    const a = make();
    a.start({
      media: () =>
        (runA = (async () => {
          await late.opened;
          throw new Error('A failed after it was handed back');
        })()),
    });
    await until(() => runA !== undefined);
    const stopping = Date.now();
    await a.stop({ graceMs: 0 });
    const stopped = Date.now();
    expect(stopped - stopping).toBeGreaterThanOrEqual(ABORT_WAIT_MS - 50);
    const held = gate();
    const ranB: number[] = [];
    make().start({
      media: async (_payload, item) => {
        ranB.push(item.attempts);
        await held.opened;
      },
    });
    await until(() => ranB.length === 1, 'the second worker to run the handed-back job');
    // At once, not when A's lock lapses and a stalled check finds it.
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(ranB).toEqual([1]);
    late.open();
    await runA?.catch(() => undefined);
    await new Promise(setImmediate);
    expect(await rows()).toMatchObject([{ id, state: 'queued', last_error: null }]);
    expect(errors.map(String).filter((e) => e.includes('A failed'))).toEqual([]);
    held.open();
    await until(async () => (await rows()).length === 0, 'the item to be done');
  });

  it(
    'returns the job of a worker killed mid-item (SIGKILL) within its lock and a stalled check',
    { timeout: 60_000 },
    async () => {
      const { prefix, make, enqueue, sqliteFile } = await setup();
      const id = await enqueue({});
      const dead = await startQueueProcess(
        { kind: 'bullmq', databaseUrl: '', sqliteFile, redisUrl: REDIS_URL, prefix },
        id,
      );
      dead.child.kill('SIGKILL');
      await dead.exited;
      const killedAt = Date.now();
      let ranAt = 0;
      make().start({
        media: () => Promise.resolve(void (ranAt = Date.now())),
      });
      await until(() => ranAt > 0, 'the dead worker’s job', 30_000);
      // The lock lapses at most JOB_LOCK_MS after the kill, and the stalled check after the
      // next returns the job: 10-15 s, where BullMQ's defaults took 30-60 s (issue #26).
      expect(JOB_LOCK_MS + STALLED_CHECK_MS).toBeLessThanOrEqual(15_000);
      expect(ranAt - killedAt).toBeLessThan(18_000);
    },
  );
});
