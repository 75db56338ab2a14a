import type { EventBus } from '../events/event-bus.ts';
import { MEDIA_URL_MAX_AGE_MS } from './media-urls.ts';

/** Bus channel on which a process tells the others which sessions ended. */
export const SESSIONS_REFUSED_CHANNEL = 'sessions_refused';

/**
 * A revocation is kept as long as a URL issued before it can be valid, plus an hour for
 * clocks of different processes that disagree.
 */
const KEEP_MS = MEDIA_URL_MAX_AGE_MS + 3_600_000;
/** How often the set is read again from the database; see below for why at all. */
export const REFRESH_INTERVAL_MS = 60_000;

export interface RefusedSession {
  id: string;
  /** When it ended, ms since the epoch. */
  revoked_at: number;
}

/**
 * The sessions whose signed media URLs this process refuses (see [Note: Media URLs]), in
 * memory so that serving a thumbnail reads no database. It is filled from the database at
 * start, kept current through the event bus (in-process, or Redis pub/sub across a cluster),
 * and read again every minute: that catches a message lost while Redis was away and an
 * account disabled directly in the database.
 */
export function createSessionRevocations(deps: {
  bus: EventBus;
  /** Sessions revoked since a time, and those of disabled accounts. */
  load: (since: number) => Promise<RefusedSession[]>;
  now: () => number;
}) {
  const { bus, load, now } = deps;
  let refused = new Map<string, number>();
  // Messages that arrive while a load runs; the load may have read the database before them.
  let arrivedDuringLoad: Map<string, number> | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const remember = (id: string, at: number) => {
    refused.set(id, at);
    arrivedDuringLoad?.set(id, at);
  };

  async function refresh(): Promise<void> {
    const t = now();
    const arrived = new Map<string, number>();
    arrivedDuringLoad = arrived;
    try {
      const next = new Map<string, number>();
      for (const row of await load(t - KEEP_MS)) next.set(row.id, row.revoked_at);
      for (const [id, at] of arrived) next.set(id, at);
      for (const [id, at] of next) if (at < t - KEEP_MS) next.delete(id);
      refused = next;
    } finally {
      if (arrivedDuringLoad === arrived) arrivedDuringLoad = undefined;
    }
  }

  return {
    /** Subscribes, then loads: a revocation between the two cannot be missed. */
    async start(): Promise<void> {
      unsubscribe = bus.subscribe(SESSIONS_REFUSED_CHANNEL, (message) => {
        for (const id of message.split(',')) if (id !== '') remember(id, now());
      });
      await bus.ready();
      await refresh();
      timer = setInterval(() => {
        refresh().catch(() => {
          // The set stays as it was; the next round tries again.
        });
      }, REFRESH_INTERVAL_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      unsubscribe?.();
    },
    /** True when URLs handed to this session must no longer serve. */
    isRefused(sessionId: string): boolean {
      return refused.has(sessionId);
    },
    /**
     * Records sessions that just ended (after the database says so) here at once, and tells
     * the other processes.
     */
    async announce(sessionIds: readonly string[]): Promise<void> {
      if (sessionIds.length === 0) return;
      const t = now();
      for (const id of sessionIds) remember(id, t);
      await bus.publish(SESSIONS_REFUSED_CHANNEL, sessionIds.join(','));
    },
    refresh,
  };
}
export type SessionRevocations = ReturnType<typeof createSessionRevocations>;

/**
 * Announces ended sessions from a process that serves no media URLs (a worker): only the
 * other processes need to hear it, through the bus.
 */
export function busAnnouncer(bus: EventBus): Pick<SessionRevocations, 'announce'> {
  return {
    async announce(sessionIds) {
      if (sessionIds.length > 0) await bus.publish(SESSIONS_REFUSED_CHANNEL, sessionIds.join(','));
    },
  };
}
