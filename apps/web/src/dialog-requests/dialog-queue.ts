import { useCallback, useEffect, useRef } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

/*
 * [Note: Dialog requests] A dialog that screens of several features open (the share dialog,
 * the album picker) is mounted in one place, a layer the page frame holds (app/PageFrame.tsx),
 * and fetched as a chunk of its own the first time it is asked for. A screen asks for it by
 * posting the dialog's props to its queue, the way downloads are asked for (See: [Note: Lazy
 * downloads]), so no feature renders, or imports, another feature's dialog. The layer shows
 * the oldest request; the dialog's `onClose` takes the request out of the queue, then runs
 * the poster's own. A poster that goes away (its screen closed, its menu unmounted) takes
 * its requests back, so a dialog never outlives what opened it, as when the screen rendered
 * it itself; taken back, the dialog just goes, without calling `onClose`.
 */

/** What every queued dialog is given: how it says it is done. */
export interface QueuedDialogProps {
  onClose: () => void;
}

/** A dialog's props as a screen asks for it: `onClose` only when the screen wants to know. */
export type DialogRequest<P extends QueuedDialogProps> = Omit<P, 'onClose'> & { onClose?: () => void };

interface Entry<P extends QueuedDialogProps> {
  readonly id: number;
  readonly props: DialogRequest<P>;
}

/** The requests for one dialog. */
export interface DialogQueue<P extends QueuedDialogProps> {
  readonly store: StoreApi<{ entries: readonly Entry<P>[] }>;
  /** Asks for the dialog with `props`; returns a function that takes the request back. */
  open: (props: DialogRequest<P>) => () => void;
}

/** An empty queue of requests for a dialog whose props are `P`. */
export function createDialogQueue<P extends QueuedDialogProps>(): DialogQueue<P> {
  let lastId = 0;
  const store = createStore<{ entries: readonly Entry<P>[] }>(() => ({ entries: [] }));
  return {
    store,
    open: (props) => {
      lastId += 1;
      const id = lastId;
      store.setState(({ entries }) => ({ entries: [...entries, { id, props }] }));
      return () => {
        store.setState(({ entries }) => ({ entries: entries.filter((entry) => entry.id !== id) }));
      };
    },
  };
}

/**
 * The dialog the layer of `queue` shows: the oldest request, keyed by it (a new request is a
 * new dialog), whose `onClose` takes it out of the queue first; undefined when none is open.
 */
export function useShownDialog<P extends QueuedDialogProps>(
  queue: DialogQueue<P>,
): { key: number; props: P } | undefined {
  const entry = useStore(queue.store, ({ entries }) => entries[0]);
  if (!entry) return undefined;
  const { id, props } = entry;
  const onClose = () => {
    queue.store.setState(({ entries }) => ({ entries: entries.filter((other) => other.id !== id) }));
    props.onClose?.();
  };
  // The request's props with onClose made sure of: P itself.
  return { key: id, props: { ...props, onClose } as unknown as P };
}

/**
 * Opens dialogs of `queue` on behalf of the calling component: what is still open when it
 * unmounts is taken back. The returned function (stable) opens one and returns its taking back.
 */
export function useDialogOpener<P extends QueuedDialogProps>(
  queue: DialogQueue<P>,
): (props: DialogRequest<P>) => () => void {
  const takeBacks = useRef(new Set<() => void>());
  useEffect(() => {
    const pending = takeBacks.current;
    return () => {
      for (const takeBack of pending) takeBack();
      pending.clear();
    };
  }, []);
  return useCallback(
    (props: DialogRequest<P>) => {
      const pending = takeBacks.current;
      const takeBack = queue.open({
        ...props,
        onClose: () => {
          pending.delete(forget);
          props.onClose?.();
        },
      });
      const forget = () => {
        pending.delete(forget);
        takeBack();
      };
      pending.add(forget);
      return forget;
    },
    [queue],
  );
}
