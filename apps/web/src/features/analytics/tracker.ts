import { MAX_STATISTICS_EVENTS, pathForAnalytics, StatisticsEvent } from '@trove/contract';

/** Flat properties of an event (the contract refuses anything nested). */
export type EventProps = Record<string, string | number | boolean>;

/** How long the first queued event waits for others before the batch is sent. */
export const FLUSH_DELAY_MS = 2000;

/** What the tracker needs; injected so tests drive time and the network. */
export interface TrackerDeps {
  /** POST /user_statistics_events. Its failures are dropped: analytics never bother the user. */
  send: (events: StatisticsEvent[]) => Promise<unknown>;
  /**
   * The uuid of the signed-in account if it permits analytics (account info
   * `permitted_services` has 'analytics', spec 001 §3), else undefined.
   */
  findConsentedAccount: () => string | undefined;
  now?: () => number;
}

/** Queues usage events and sends them in batches. */
export interface Tracker {
  /**
   * Queues one event seen at `path` (a page path; ids are replaced before it is kept); false
   * when it was not taken (no consent, or malformed).
   */
  track(event: { name: string; path?: string; props?: EventProps }): boolean;
  /** Sends what is queued now, e.g. when the page is hidden. */
  flush(): void;
}

/**
 * A tracker that sends NOTHING unless the account permits analytics, both when an event is
 * queued and when the batch leaves (consent may have been withdrawn in between). A batch
 * leaves {@link FLUSH_DELAY_MS} after its first event, or at once when it holds
 * {@link MAX_STATISTICS_EVENTS}, so every call fits the server's limit.
 */
export function createTracker(deps: TrackerDeps): Tracker {
  const now = deps.now ?? Date.now;
  let queue: { account: string; event: StatisticsEvent }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    const account = deps.findConsentedAccount();
    // Events of another account, or of one that withdrew its consent, are dropped.
    const events = queue.filter((queued) => queued.account === account).map((queued) => queued.event);
    queue = [];
    if (events.length === 0) return;
    deps.send(events).catch(() => undefined);
  }

  return {
    track({ name, path, props }) {
      const account = deps.findConsentedAccount();
      if (account === undefined) return false;
      const parsed = StatisticsEvent.safeParse({
        name,
        // spec 000 §2: job ids and file ids leave paths before they are reported.
        ...(path !== undefined && { path: pathForAnalytics(path) }),
        ...(props && { props }),
        time: now(),
      });
      // One malformed event would make the server refuse the whole batch.
      if (!parsed.success) return false;
      queue.push({ account, event: parsed.data });
      if (queue.length >= MAX_STATISTICS_EVENTS) flush();
      else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
      return true;
    },
    flush,
  };
}
