/**
 * How long a handler told to stop (its signal aborted) has to wind down (kill its ffmpeg,
 * remove its work folder) before its item is handed back anyway. Short, because the item
 * waits meanwhile; long enough for a killed child process to exit and a folder to go.
 */
export const ABORT_WAIT_MS = 1_000;

/** How a run ended: the handler returned, threw, or its item went back to the queue. */
export type RunOutcome = { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'handed-back' };

/** The reason a handler's signal carries when its queue stops: its item is handed back. */
export class HandBackError extends Error {
  override name = 'HandBackError';
  constructor() {
    super('the worker is stopping: the item goes back to the queue');
  }
}

interface Control {
  controller: AbortController;
  /** Set once stop() asked the handler to end: a failure from then on hands the item back. */
  stopping: boolean;
  /** Resolved when stop() stops waiting for the handler. */
  cut: PromiseWithResolvers<'cut'>;
}

/** Waits for `promise`, but not longer than `ms` (Infinity: as long as it takes). */
export async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  if (!Number.isFinite(ms)) {
    await promise;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

/*
 * [Note: Work hand-back]
 *
 * Issue #26: "a worker killed mid-item leaves its items locked for 30-60 s: hand them back
 * on SIGTERM, and keep the lock short enough that a crash costs seconds."
 * - A stopping queue takes nothing new and gives its running items the grace period
 *   (SHUTDOWN_GRACE_MS) to finish; those that do are completed as usual.
 * - Past it, each running handler's `signal` aborts (with a HandBackError). Handlers that
 *   can stop cheaply do (ffmpeg is killed, the purge and account deletion stop between
 *   batches); whatever they throw then is not a failure. After ABORT_WAIT_MS the queue stops
 *   waiting for those that did not.
 * - The item is then handed back: the database claim is cleared and the attempt it cost is
 *   given back; a BullMQ job goes back to `wait` with its lock removed. Another worker takes
 *   it at once (it is woken), not when a lease runs out. A handler still running after that
 *   no longer speaks for the item: its outcome is dropped, and the process exits under it.
 * - So an item may run twice, and rarely twice at once (a handler that ignores its signal,
 *   for the moment until its process exits): every handler is idempotent, as it already
 *   had to be for a crash (see each handler's comment).
 * - A crash (SIGKILL, power) hands nothing back: the short lease (LEASE_MS, BullMQ's
 *   JOB_LOCK_MS) bounds how long its items wait.
 */

/**
 * The items one queue runs in this process, so that stopping can wait for them up to a
 * deadline and hand back the rest (See: [Note: Work hand-back]).
 */
export function createRunningItems(options: {
  /** Reports a hand-back that failed (the database or Redis away): the lease ends it then. */
  onError: (error: unknown) => void;
  abortWaitMs?: number;
}) {
  const abortWaitMs = options.abortWaitMs ?? ABORT_WAIT_MS;
  /** Each running item's control, and the promise of how its run ends. */
  const entries = new Map<Control, Promise<RunOutcome>>();
  const allFinished = () => Promise.allSettled(entries.values());

  return {
    get size(): number {
      return entries.size;
    },

    /**
     * Runs one item's handler (`work`, given the signal that asks it to stop). `handBack`
     * returns the item to the queue without spending an attempt; it runs when stop() cuts
     * the run short, never otherwise.
     */
    run(work: (signal: AbortSignal) => Promise<void>, handBack: () => Promise<void>): Promise<RunOutcome> {
      const control: Control = {
        controller: new AbortController(),
        stopping: false,
        cut: Promise.withResolvers<'cut'>(),
      };
      const finished = (async (): Promise<RunOutcome> => {
        const settled = (async () => work(control.controller.signal))().then(
          (): RunOutcome => ({ kind: 'done' }),
          (error: unknown): RunOutcome => ({ kind: 'failed', error }),
        );
        const first = await Promise.race([settled, control.cut.promise]);
        // Done is done, even when asked to stop: the work needs no second run.
        if (first !== 'cut' && (first.kind === 'done' || !control.stopping)) return first;
        await handBack().catch(options.onError);
        return { kind: 'handed-back' };
      })().finally(() => entries.delete(control));
      entries.set(control, finished);
      return finished;
    },

    /**
     * Waits up to `graceMs` for the running items; then asks the rest to stop, and hands
     * them back once they did or ABORT_WAIT_MS passed. Resolves when every run is settled.
     */
    async stop(graceMs: number): Promise<void> {
      await within(allFinished(), graceMs);
      if (entries.size === 0) return;
      for (const control of entries.keys()) {
        control.stopping = true;
        control.controller.abort(new HandBackError());
      }
      await within(allFinished(), abortWaitMs);
      for (const control of entries.keys()) control.cut.resolve('cut');
      await allFinished();
    },
  };
}
export type RunningItems = ReturnType<typeof createRunningItems>;
