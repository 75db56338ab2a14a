import { EventEmitter } from 'node:events';

/**
 * Wakes waiters when something changed, across processes when configured. Messages carry
 * no data that matters: a woken poller re-reads the change log, which is the truth.
 */
export interface EventBus {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` for each message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
  /**
   * Resolves once earlier subscribes are in effect. A waiter subscribes, awaits this, and
   * only then reads the state it waits on, so no change can slip in between unseen.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded default: one process, one emitter. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per waiting long-poll; thousands of open polls are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    publish(channel, message) {
      emitter.emit(channel, message);
      return Promise.resolve();
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    ready() {
      return Promise.resolve();
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/** Channel of a job's change notifications (spec 000 §7 poll host: `job_changed:{id}`). */
export const jobChannel = (jobId: string) => `job_changed:${jobId}`;
