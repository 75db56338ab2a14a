import type { EventBus } from '../events/event-bus.ts';
import type { WorkItemsRepository } from './work-items.repository.ts';

/** Runs one work item. Throwing retries it later; returning completes it. */
export type WorkHandler = (
  payload: Record<string, unknown>,
  item: { id: string; attempts: number },
) => Promise<void>;

/**
 * Background work (thumbnails, transcodes). Items are written to the database in the
 * transaction that needs them (see work-items.repository.ts), so a crash between "stored"
 * and "queued" cannot lose work; a queue only decides who runs them and when.
 */
export interface WorkQueue {
  /** Starts taking items of the handlers' kinds; at most `concurrency` at once. */
  start(handlers: Readonly<Record<string, WorkHandler>>): void;
  /** Waits for running items to finish and takes no more. */
  stop(): Promise<void>;
}

/** Bus channel that tells idle workers (in any process) that new work was committed. */
export const WORK_CHANNEL = 'work_queued';

export interface DatabaseWorkQueueOptions {
  workItems: WorkItemsRepository;
  bus: EventBus;
  concurrency: number;
  now?: () => number;
  /** How long a claimed item is ours; a crashed worker's items return after it. */
  leaseMs?: number;
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
  const leaseMs = options.leaseMs ?? 30 * 60_000;
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
    } finally {
      pumping = false;
    }
  }

  async function run(kind: string, id: string, payload: string, attempts: number) {
    const handler = handlers[kind];
    try {
      if (!handler) throw new Error(`no handler for ${kind}`);
      await handler(JSON.parse(payload) as Record<string, unknown>, { id, attempts });
      await options.workItems.complete(id);
    } catch (error) {
      options.onError?.(error, { id, kind, attempts });
      // Exponential backoff: 10 s, 40 s, 160 s, … then give up and keep it for fsck to report.
      const retryAt = attempts >= maxAttempts ? null : now() + 10_000 * 4 ** (attempts - 1);
      await options.workItems
        .fail(id, error instanceof Error ? error.message : String(error), retryAt)
        .catch((failError: unknown) => options.onError?.(failError, { id, kind, attempts }));
    } finally {
      active -= 1;
      if (running) void pump();
      else if (active === 0) idle?.();
    }
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
    async stop() {
      running = false;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      // A pump may be mid-claim; once it has seen `running` is false nothing new starts.
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}
