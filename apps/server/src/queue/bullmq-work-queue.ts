import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { EventBus } from '../events/event-bus.ts';
import { createRunningItems, within } from './running-items.ts';
import type { WorkItemsRepository } from './work-items.repository.ts';
import { WORK_CHANNEL, type WorkHandler, type WorkQueue } from './work-queue.ts';

/**
 * How long BullMQ's lock on a running job lasts unless renewed (its `lockDuration`; BullMQ's
 * default is 30 s). Its `lockRenewTime` is a third of it rather than BullMQ's half, as the
 * database queue's lease (LEASE_MS in work-queue.ts, whose comment says why a third, and
 * why handlers keep the event loop free: BullMQ renews on a timer of the same loop). BullMQ
 * ticks at half the renew time and renews locks older than that, so a lock is renewed every
 * 1.7-3.3 s and outlives the loop being held some 6 s.
 */
export const JOB_LOCK_MS = 10_000;
/**
 * How often BullMQ looks for stalled jobs (`stalledInterval`, default 30 s): one Lua script
 * per queue each time, whichever worker runs it first. A check marks the active jobs, and
 * the next moves back to `wait` those still marked whose lock is gone, so the job of a
 * killed worker returns within JOB_LOCK_MS + STALLED_CHECK_MS (10-15 s), where BullMQ's
 * defaults took 30-60 s.
 */
export const STALLED_CHECK_MS = 5_000;

export interface BullmqWorkQueueOptions {
  /** redis://… of the shared Redis (REDIS_URL). */
  redisUrl: string;
  workItems: WorkItemsRepository;
  bus: EventBus;
  /** Items this process runs at once (one BullMQ Worker with this concurrency). */
  concurrency: number;
  /** Prefix of every BullMQ key, so deployments (and tests) can share one Redis. */
  prefix?: string;
  queueName?: string;
  now?: () => number;
  /**
   * How long a relayed item is left to Redis. Redis here keeps nothing on disk: when it
   * loses a job, the item's lease runs out and the relay adds it again.
   */
  leaseMs?: number;
  /** Fallback relay polling, for expired leases and wake-ups that never arrived. */
  pollMs?: number;
  /** BullMQ attempts per relayed item; after the last one the item is marked failed. */
  maxAttempts?: number;
  /** First retry delay; each later one doubles (BullMQ exponential backoff). */
  backoffMs?: number;
  /**
   * At most this many jobs wait in Redis; the rest wait in the database. Keeps Redis (which
   * can lose everything) small and leases from running out while items sit in a backlog.
   */
  relayAhead?: number;
  /**
   * How long stop() waits for BullMQ's own bookkeeping once handlers are done or handed
   * back, in case Redis went away meanwhile.
   */
  closeTimeoutMs?: number;
  /** BullMQ's lock on a running job (default JOB_LOCK_MS), renewed every third of it. */
  lockMs?: number;
  /** BullMQ's stalled-job check (default STALLED_CHECK_MS). */
  stalledCheckMs?: number;
  /** Handler failures (with their item) and Redis/relay trouble (without). */
  onError?: (error: unknown, item?: { id: string; kind: string; attempts: number }) => void;
}

/** The metrics' read of Redis (issue #26): jobs by BullMQ state; none while stopped. */
export interface BullmqJobCounts {
  jobCounts(): Promise<Readonly<Record<string, number>>>;
}

/** What a BullMQ job carries: the item's payload as stored, parsed by whoever runs it. */
interface JobData {
  payload: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The scale-out queue: the work_items table stays the source of truth (the outbox, written
 * in the transaction that needs the work) and BullMQ on Redis distributes it to `trove
 * worker` processes. A relay claims runnable items with a long lease and adds each as a job
 * whose id is the item id, so relaying an item again (lost Redis, expired lease) never
 * duplicates a job that still exists. Workers run the handler and then delete the item.
 *
 * One BullMQ queue carries every kind (job name = kind), so `concurrency` bounds the whole
 * process as with the database queue; every process must therefore handle every kind, as
 * `trove worker` processes of one build do. Delivery is at least once, as before.
 */
export function createBullmqWorkQueue(options: BullmqWorkQueueOptions): WorkQueue & BullmqJobCounts {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60 * 60_000;
  const pollMs = options.pollMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 10_000;
  const relayAhead = options.relayAhead ?? 200;
  const prefix = options.prefix ?? 'trove';
  const queueName = options.queueName ?? 'work';
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  const lockMs = options.lockMs ?? JOB_LOCK_MS;
  const stalledCheckMs = options.stalledCheckMs ?? STALLED_CHECK_MS;
  const report = (error: unknown, item?: { id: string; kind: string; attempts: number }) => {
    options.onError?.(error, item);
  };
  // While Redis is away every connection reports each reconnect attempt; once is enough.
  let lastRedisError: string | undefined;
  const reportRedis = (error: unknown) => {
    if (message(error) === lastRedisError) return;
    lastRedisError = message(error);
    report(error);
  };

  let running = false;
  let handlers: Readonly<Record<string, WorkHandler>> = {};
  let connection: Redis | undefined;
  let queue: Queue<JobData, void> | undefined;
  let worker: Worker<JobData, void> | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  // Wake-ups so far: one arriving while the relay runs makes it go round once more.
  let wakes = 0;
  // Set when the relay stopped because Redis already held `relayAhead` waiting jobs, so a
  // job starting is a reason to relay more; otherwise starting jobs costs no extra queries.
  let full = false;
  // Handlers running here, tracked by us: stop() must outwait or hand them back even when
  // Redis is away (See: [Note: Work hand-back]).
  const runs = createRunningItems({ onError: report });
  // Each job's processing here, bookkeeping included: stop() outwaits that too.
  const processing = new Set<Promise<void>>();

  /** Moves runnable items into Redis; re-runs when woken while busy. */
  function wake(): void {
    if (!running) return;
    wakes += 1;
    pumping ??= pump().finally(() => {
      pumping = undefined;
    });
  }

  async function pump(): Promise<void> {
    try {
      let seen;
      do {
        seen = wakes;
        await relay();
      } while (wakes !== seen && running);
    } catch (error) {
      report(error);
    }
  }

  async function relay(): Promise<void> {
    if (!queue) return;
    let room = relayAhead - (await queue.count());
    full = room <= 0;
    for (const kind of Object.keys(handlers)) {
      while (running && room > 0) {
        const item = await options.workItems.claim(kind, now(), leaseMs);
        if (!item) break;
        try {
          await queue.add(
            kind,
            { payload: item.payload },
            {
              jobId: item.id,
              attempts: maxAttempts,
              backoff: { type: 'exponential', delay: backoffMs },
              // The database keeps the outcome (row deleted, or 'failed' with its error).
              removeOnComplete: true,
              removeOnFail: true,
            },
          );
        } catch (error) {
          // Hand it back now rather than after the lease; a job that did reach Redis is
          // not duplicated by the next relay, because its id is the item id.
          await options.workItems.fail(item.id, `relay: ${message(error)}`, now());
          throw error;
        }
        room -= 1;
        full = room <= 0;
      }
    }
  }

  async function processJob(job: Job<JobData, void>, token?: string): Promise<void> {
    const run = execute(job, token);
    processing.add(run);
    try {
      await run;
    } finally {
      processing.delete(run);
    }
  }

  /**
   * Runs one job's handler. A handed-back job was moved to `wait` already (its lock removed,
   * its attempts untouched); WaitingError tells BullMQ to leave it there.
   */
  async function execute(job: Job<JobData, void>, token?: string): Promise<void> {
    const kind = job.name;
    const id = job.id;
    if (id === undefined) throw new Error('BullMQ job without id');
    const attempts = job.attemptsMade + 1;
    const outcome = await runs.run(
      async (signal) => {
        const handler = handlers[kind];
        if (!handler) throw new Error(`no handler for ${kind}`);
        await handler(JSON.parse(job.data.payload) as Record<string, unknown>, { id, attempts, signal });
      },
      async () => {
        // Without Redis this fails; the lock then lapses and the stalled check returns it.
        await job.moveToWait(token);
      },
    );
    if (outcome.kind === 'handed-back') throw new WaitingError();
    if (outcome.kind === 'failed') {
      report(outcome.error, { id, kind, attempts });
      // Recorded before BullMQ drops the job, so a crash here leaves the lease to expire and
      // the item to be relayed again, never an item that is neither running nor failed.
      if (attempts >= (job.opts.attempts ?? 1)) await giveUp(job, message(outcome.error));
      throw outcome.error;
    }
    // If this throws the job is retried and the handler runs again: at least once, as
    // handlers already must be (a worker can die between its work and this line).
    await options.workItems.complete(id);
  }

  /**
   * The item's last attempt failed, or its job stalled too often (the workers running it
   * died): the handler gives up (the file is marked failed) and the item is marked failed.
   * If giving up fails, the item is left to its lease and relayed again later.
   */
  async function giveUp(job: Job<JobData, void>, reason: string): Promise<void> {
    const id = job.id;
    if (id === undefined) return;
    await handlers[job.name]?.giveUp?.(JSON.parse(job.data.payload) as Record<string, unknown>);
    await options.workItems.fail(id, reason, null);
  }

  return {
    start(given) {
      if (running) return;
      handlers = given;
      running = true;
      // BullMQ's blocking reads need retries without limit (maxRetriesPerRequest: null);
      // the Worker duplicates this connection for them and closes its duplicates itself.
      connection = new Redis(options.redisUrl, {
        maxRetriesPerRequest: null,
        connectionName: `${prefix}:${queueName}:relay`,
      });
      connection.on('error', reportRedis);
      connection.on('ready', () => (lastRedisError = undefined));
      queue = new Queue<JobData, void>(queueName, { connection, prefix });
      queue.on('error', reportRedis);
      worker = new Worker<JobData, void>(queueName, processJob, {
        connection,
        prefix,
        concurrency: options.concurrency,
        lockDuration: lockMs,
        lockRenewTime: Math.floor(lockMs / 3),
        stalledInterval: stalledCheckMs,
      });
      worker.on('error', reportRedis);
      // A job whose workers kept dying (stalled more than maxStalledCount) is failed by
      // BullMQ without running the handler, so execute() never sees its end.
      worker.on('failed', (job, error) => {
        if (!job?.deferredFailure) return;
        giveUp(job, error.message).catch((giveUpError: unknown) => {
          report(giveUpError, { id: job.id ?? '', kind: job.name, attempts: job.attemptsMade });
        });
      });
      // A job going active leaves room in Redis's waiting list; a relay running right now
      // may already have counted that job as waiting, so it goes round once more.
      worker.on('active', () => {
        if (full || pumping) wake();
      });
      unsubscribe = options.bus.subscribe(WORK_CHANNEL, wake);
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop(stopOptions = {}) {
      if (!running || !worker || !queue || !connection) return;
      running = false;
      unsubscribe?.();
      clearInterval(timer);
      // With Redis there, BullMQ lets running jobs finish (or be handed back) and records
      // them. With Redis away nothing can be recorded and a graceful close would wait for it
      // forever, so BullMQ lets go at once; the stalled check returns the jobs once their
      // locks lapse, or the relay the items once their leases run out.
      const graceful = connection.status === 'ready';
      const closing = worker.close(!graceful);
      await runs.stop(stopOptions.graceMs ?? Infinity);
      await Promise.allSettled(processing);
      // A relay may be between claim and add; once it has seen `running` it adds no more.
      const pending = pumping;
      const client = queue;
      const bookkeeping = Promise.allSettled([closing, pending])
        .then(() => client.close())
        .catch(report);
      await within(bookkeeping, graceful ? closeTimeoutMs : 0);
      if (connection.status === 'ready') await connection.quit();
      else connection.disconnect();
      worker = undefined;
      queue = undefined;
      connection = undefined;
    },
    jobCounts: () =>
      queue ? queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed') : Promise.resolve({}),
  };
}
