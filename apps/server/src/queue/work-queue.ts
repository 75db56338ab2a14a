import { isOutOfSpace } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createRunningItems } from './running-items.ts';
import type { WorkItemsRepository } from './work-items.repository.ts';

/**
 * Runs one work item. Throwing retries it later; returning completes it. `giveUp`, when
 * set, runs once the item failed its last attempt (or stalled too often), before the item
 * is marked failed: whatever waits for the work learns it will not come (the media
 * handler marks the file failed, so viewers and upload panels stop waiting). Throwing
 * from `giveUp` leaves the item to be tried again.
 *
 * `item.signal` aborts when the process stops and the item is to be handed back (See:
 * [Note: Work hand-back]): a long handler should stop soon after, where that is cheap; what
 * it throws then costs no attempt. Handlers must be idempotent (an item may run again after
 * a crash or a hand-back) and must not block the event loop for seconds: the lease is
 * renewed on a timer.
 */
export type WorkHandler = ((
  payload: Record<string, unknown>,
  item: { id: string; attempts: number; signal: AbortSignal },
) => Promise<void>) & {
  giveUp?: (payload: Record<string, unknown>) => Promise<void>;
};

/**
 * How long a claim lasts unless renewed. A worker renews the claims it runs every third of
 * this, so a process that died (kill -9, power) holds its items at most this
 * long: another worker, or the same one started again, takes them some 10 s later (issue
 * #26: 30 s cost half a minute of every crash; issue #10: 30 minutes before that). Several
 * processes need no registry of who is alive: a live one keeps renewing, a dead one cannot.
 * A third leaves room for two renewals to be late or lost (a database failover, an event
 * loop held ~6 s) before a live worker loses its claim; handlers keep the loop free (sharp
 * runs on libuv's threads, HEIC decodes in worker threads, ffmpeg in a child process), and
 * a claim lost anyway costs a second run of an idempotent handler, not lost work. A clean
 * stop does not wait for the lease at all: it hands its items back.
 */
export const LEASE_MS = 10_000;

/** After a full disk, work waits this long and is tried again without using up attempts. */
const OUT_OF_SPACE_RETRY_MS = 5 * 60_000;

/**
 * Background work (thumbnails, transcodes). Items are written to the database in the
 * transaction that needs them (see work-items.repository.ts), so a crash between "stored"
 * and "queued" cannot lose work; a queue only decides who runs them and when.
 */
export interface WorkQueue {
  /** Starts taking items of the handlers' kinds; at most `concurrency` at once. */
  start(handlers: Readonly<Record<string, WorkHandler>>): void;
  /**
   * Takes no more items and waits for the running ones, up to `graceMs` (default: as long
   * as they take); those still running then are handed back (See: [Note: Work hand-back]).
   */
  stop(options?: StopOptions): Promise<void>;
}

export interface StopOptions {
  /** How long running items may take to finish before they are handed back. */
  graceMs?: number;
}

/** Bus channel that tells idle workers (in any process) that new work was committed. */
export const WORK_CHANNEL = 'work_queued';

export interface DatabaseWorkQueueOptions {
  workItems: WorkItemsRepository;
  bus: EventBus;
  concurrency: number;
  now?: () => number;
  /** How long a claim lasts unless renewed (default LEASE_MS). */
  leaseMs?: number;
  /** How often running items' claims are renewed; default a third of the lease. */
  renewMs?: number;
  /** Fallback polling when no wake-up arrives (another process without a shared bus). */
  pollMs?: number;
  maxAttempts?: number;
  onError?: (error: unknown, item: { id: string; kind: string; attempts: number }) => void;
}

/**
 * The embedded queue: workers claim items from the work_items table with a lease, so it
 * survives restarts and several `trove worker` processes can share one database.
 */
export function createDatabaseWorkQueue(options: DatabaseWorkQueueOptions): WorkQueue {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const renewMs = options.renewMs ?? Math.floor(leaseMs / 3);
  const pollMs = options.pollMs ?? 2_000;
  const maxAttempts = options.maxAttempts ?? 5;
  let running = false;
  let active = 0;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let idle: (() => void) | undefined;
  let handlers: Readonly<Record<string, WorkHandler>> = {};
  let pumping = false;
  // Set by wake-ups that arrive while the pump awaits; read through a call so the checker
  // does not assume it kept the value this function gave it.
  let again = false;
  const wokenMeanwhile = () => again;
  const runs = createRunningItems({
    onError: (error) => options.onError?.(error, { id: '', kind: 'hand-back', attempts: 0 }),
  });

  /** Fills free slots with claimable items; re-runs when woken while busy. */
  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        for (const kind of Object.keys(handlers)) {
          while (running && active < options.concurrency) {
            const item = await options.workItems.claim(kind, now(), leaseMs);
            if (!item) break;
            active += 1;
            void run(kind, item.id, item.payload, item.attempts);
          }
        }
      } while (wokenMeanwhile() && running);
    } catch (error) {
      // The database refused the claim (its disk is full, its server restarting): nothing
      // was taken, the next poll or wake-up asks again. Unhandled, it would end the process.
      options.onError?.(error, { id: '', kind: 'claim', attempts: 0 });
    } finally {
      pumping = false;
    }
  }

  async function run(kind: string, id: string, payload: string, attempts: number) {
    const handler = handlers[kind];
    const item = { id, kind, attempts };
    let renewing: Promise<void> = Promise.resolve();
    const renewal = setInterval(() => {
      renewing = options.workItems
        .renew(id, now() + leaseMs)
        .catch((error: unknown) => options.onError?.(error, item));
    }, renewMs);
    renewal.unref();
    // A renewal landing after the hand-back would claim the item again for a lease. The wake
    // lets an idle worker elsewhere take it now rather than at its next poll. If the database
    // is away the claim stays, and ends with the lease.
    const handBack = async () => {
      clearInterval(renewal);
      await renewing;
      try {
        if (await options.workItems.release(id, attempts)) await options.bus.publish(WORK_CHANNEL, kind);
      } catch (error) {
        options.onError?.(error, item);
      }
    };
    try {
      const outcome = await runs.run(async (signal) => {
        if (!handler) throw new Error(`no handler for ${kind}`);
        await handler(JSON.parse(payload) as Record<string, unknown>, { id, attempts, signal });
      }, handBack);
      if (outcome.kind === 'handed-back') return;
      if (outcome.kind === 'failed') throw outcome.error;
      await options.workItems.complete(id);
    } catch (error) {
      options.onError?.(error, item);
      await settleFailure(handler, item, payload, error).catch((failError: unknown) =>
        options.onError?.(failError, item),
      );
    } finally {
      clearInterval(renewal);
      active -= 1;
      if (running) void pump();
      else if (active === 0) idle?.();
    }
  }

  /**
   * Exponential backoff: 10 s, 40 s, 160 s, …; after the last attempt the handler gives up
   * (the file is marked failed) and the item stays, failed, for fsck to report and re-queue.
   */
  async function settleFailure(
    handler: WorkHandler | undefined,
    item: { id: string; kind: string; attempts: number },
    payload: string,
    error: unknown,
  ) {
    const message = error instanceof Error ? error.message : String(error);
    if (isOutOfSpace(error)) {
      await options.workItems.fail(item.id, message, now() + OUT_OF_SPACE_RETRY_MS);
      return;
    }
    if (item.attempts < maxAttempts) {
      await options.workItems.fail(item.id, message, now() + 10_000 * 4 ** (item.attempts - 1));
      return;
    }
    try {
      await handler?.giveUp?.(JSON.parse(payload) as Record<string, unknown>);
    } catch (giveUpError) {
      options.onError?.(giveUpError, item);
      await options.workItems.fail(item.id, message, now() + 10_000 * 4 ** (maxAttempts - 1));
      return;
    }
    await options.workItems.fail(item.id, message, null);
  }

  return {
    start(given) {
      if (running) return;
      handlers = given;
      running = true;
      unsubscribe = options.bus.subscribe(WORK_CHANNEL, () => void pump());
      timer = setInterval(() => void pump(), pollMs);
      timer.unref();
      void pump();
    },
    async stop(stopOptions = {}) {
      running = false;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      // A pump may be mid-claim; once it has seen `running` is false nothing new starts.
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      await runs.stop(stopOptions.graceMs ?? Infinity);
      // Then what the runs write when they end (done, failed), which the database answers.
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}
