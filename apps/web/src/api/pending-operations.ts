/**
 * [Note: Leave warning] spec 000 §4 has the browser warn 'Changes might be lost' when the
 * page is left while uploads are pending; the same holds for every other change the user
 * started and the server has not answered yet: a copy, a delete, a restore, an album's
 * change, an archive being prepared. So the warning asks one registry. The HTTP client holds
 * it for every request that changes something (any method but GET, unless the call is
 * `isQuiet` or `keepalive`, which outlives the page anyway), and work that spans more than
 * its requests holds it as long as it runs (the upload queue while it has active items).
 * The beforeunload listener is there only while something is pending: a page with one is
 * kept out of some browsers' back-forward cache.
 */
export interface PendingOperations {
  /** Marks one operation pending; call the answer once it is over (twice is harmless). */
  hold(): () => void;
  /** How many operations are pending. */
  readonly count: number;
  /** Called whenever the count changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createPendingOperations(): PendingOperations {
  let count = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    hold() {
      count += 1;
      changed();
      let isHeld = true;
      return () => {
        if (!isHeld) return;
        isHeld = false;
        count -= 1;
        changed();
      };
    },
    get count() {
      return count;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's one registry: the HTTP client, the uploader and the leave warning share it. */
export const pendingOperations = createPendingOperations();

/**
 * Warns before the page is left while `registry` has anything pending (See: [Note: Leave
 * warning]); `text` is the 'Changes might be lost' of the user's language, which only
 * older browsers show (current ones show their own words). Answers the uninstall.
 */
export function installLeaveWarning(
  registry: PendingOperations,
  text: () => string,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- older browsers need returnValue set
    event.returnValue = text();
  };
  let isListening = false;
  const update = () => {
    const shouldListen = registry.count > 0;
    if (shouldListen === isListening) return;
    isListening = shouldListen;
    if (shouldListen) target.addEventListener('beforeunload', warn);
    else target.removeEventListener('beforeunload', warn);
  };
  update();
  const unsubscribe = registry.subscribe(update);
  return () => {
    unsubscribe();
    if (isListening) target.removeEventListener('beforeunload', warn);
    isListening = false;
  };
}
