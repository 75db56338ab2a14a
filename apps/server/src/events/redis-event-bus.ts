import { Redis } from 'ioredis';
import type { EventBus } from './event-bus.ts';

export interface RedisEventBusOptions {
  /**
   * Prefix of every Redis channel. Pub/sub ignores the database number, so this is what
   * keeps two deployments (or tests) on one Redis from waking each other.
   */
  prefix?: string;
  /** A publish that gives up after this long is reported, not retried: pollers re-read. */
  publishTimeoutMs?: number;
  /** Redis trouble and handlers that threw. */
  onError?: (error: unknown) => void;
}

export interface RedisEventBus extends EventBus {
  /**
   * Resolves once every subscribe and unsubscribe so far is in effect in Redis. Until then
   * a message published elsewhere may not arrive; a waiter that must not miss one
   * subscribes, awaits this, and only then reads the state it waits on.
   */
  ready(): Promise<void>;
}

type Handler = (message: string) => void;

/**
 * The event bus across processes: Redis pub/sub. One subscriber connection per process
 * carries every channel, and a channel is SUBSCRIBEd once however many long polls wait on
 * it, so thousands of open polls cost Redis one subscription per job, not one per poll.
 */
export function createRedisEventBus(url: string, options: RedisEventBusOptions = {}): RedisEventBus {
  const prefix = options.prefix ?? 'trove:';
  const report =
    options.onError ??
    ((error: unknown) => {
      console.warn('redis event bus:', error);
    });
  // Publishing wakes pollers after a change is committed; the caller must not hang (or fail
  // a committed request) while Redis is away, so commands give up instead of waiting.
  const publisher = new Redis(url, {
    connectionName: `${prefix}bus:pub`,
    maxRetriesPerRequest: 1,
    commandTimeout: options.publishTimeoutMs ?? 2_000,
  });
  // Subscriptions wait out an outage instead; ioredis subscribes again after reconnecting.
  const subscriber = new Redis(url, {
    connectionName: `${prefix}bus:sub`,
    maxRetriesPerRequest: null,
  });
  // While Redis is away both connections report each reconnect attempt; once is enough.
  let lastRedisError: string | undefined;
  for (const redis of [publisher, subscriber]) {
    redis.on('error', (error: Error) => {
      if (error.message === lastRedisError) return;
      lastRedisError = error.message;
      report(error);
    });
    redis.on('ready', () => (lastRedisError = undefined));
  }

  // Each subscribe() gets its own entry, so one function subscribed twice runs twice.
  const channels = new Map<string, Set<{ handler: Handler }>>();
  // Replies on one connection come in order, so the latest command settling means all have.
  let settled: Promise<unknown> = Promise.resolve();
  let closed = false;

  const send = (command: Promise<unknown>) => {
    settled = command.catch(report);
  };

  subscriber.on('message', (channel: string, message: string) => {
    const entries = channels.get(channel);
    if (!entries) return;
    // A copy: handlers often unsubscribe themselves (a long poll that got its answer).
    for (const entry of [...entries]) {
      try {
        entry.handler(message);
      } catch (error) {
        report(error);
      }
    }
  });

  return {
    async publish(channel, message) {
      if (closed) return;
      try {
        await publisher.publish(prefix + channel, message);
      } catch (error) {
        report(error);
      }
    },
    subscribe(channel, handler) {
      if (closed) return () => undefined;
      const key = prefix + channel;
      const entry = { handler };
      let entries = channels.get(key);
      if (!entries) {
        entries = new Set();
        channels.set(key, entries);
        send(subscriber.subscribe(key));
      }
      entries.add(entry);
      return () => {
        // Idempotent: the Set no longer holding the entry means it was already removed.
        if (!entries.delete(entry) || entries.size > 0 || channels.get(key) !== entries) return;
        channels.delete(key);
        if (!closed) send(subscriber.unsubscribe(key));
      };
    },
    ready: () => settled.then(() => undefined),
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await Promise.all(
        [publisher, subscriber].map(async (redis) => {
          // QUIT waits for pending replies; a connection that is down has none to wait for.
          if (redis.status === 'ready')
            await redis.quit().catch(() => {
              redis.disconnect();
            });
          else redis.disconnect();
        }),
      );
    },
  };
}
