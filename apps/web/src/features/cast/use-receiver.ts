import type { CastReceiverCreated, CastReceiverView } from '@trove/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { HttpError } from '../../api/http-error.ts';
import type { HttpClient } from '../../api/http-client.ts';
import { createReceiver, pollReceiver } from './api.ts';

/** What the TV keeps of its receiver: the secret stays in this browser, never in a URL. */
export interface StoredReceiver {
  id: string;
  secret: string;
  code: string;
  /** When the code stops pairing, ms since the epoch. */
  codeExpiresAt: number;
}

const KEY = 'trove.cast.tv';
/** A poll that failed (no network, a restarting server) is tried again after 1 s (spec 000 §9). */
const RETRY_MS = 1000;

function load(): StoredReceiver | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredReceiver) : null;
  } catch {
    return null;
  }
}

function store(receiver: StoredReceiver | null): void {
  try {
    if (receiver) localStorage.setItem(KEY, JSON.stringify(receiver));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: the receiver lasts as long as the page.
  }
}

const fromCreated = (created: CastReceiverCreated, now: number): StoredReceiver => ({
  id: created.receiver_id,
  secret: created.secret,
  code: created.code,
  codeExpiresAt: now + created.code_expires_in_ms,
});

/**
 * The TV's receiver (issue #27, [Note: Casting]): made when there is none, its long poll
 * run for as long as the page shows, `onView` told each answer. A receiver the server no
 * longer knows (its pairing ended, its code lapsed unpaired) is replaced by a new one, and
 * the TV shows the new code.
 */
export function useReceiver(api: HttpClient, onView: (view: CastReceiverView) => void) {
  const [receiver, setReceiver] = useState<StoredReceiver | null>(load);
  const [paired, setPaired] = useState(false);
  const handleView = useEffectEvent((view: CastReceiverView) => {
    setPaired(view.paired);
    onView(view);
  });

  const renew = () => {
    store(null);
    setPaired(false);
    setReceiver(null);
  };

  useEffect(() => {
    if (receiver) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const make = () => {
      createReceiver(api, controller.signal).then(
        (created) => {
          const next = fromCreated(created, Date.now());
          store(next);
          setReceiver(next);
        },
        () => {
          if (!controller.signal.aborted) timer = setTimeout(make, RETRY_MS);
        },
      );
    };
    make();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, receiver]);

  // A code nobody used in time is replaced.
  useEffect(() => {
    if (!receiver || paired) return;
    const timer = setTimeout(renew, Math.max(0, receiver.codeExpiresAt - Date.now()));
    return () => {
      clearTimeout(timer);
    };
  }, [receiver, paired]);

  useEffect(() => {
    if (!receiver) return;
    const controller = new AbortController();
    const { signal } = controller;
    // Read afresh after each await (the loop's test would narrow a plain read).
    const stopped = () => signal.aborted;
    void (async () => {
      let known: { serial: number; paired: boolean } | undefined;
      while (!signal.aborted) {
        try {
          const view = await pollReceiver(api, receiver.secret, known ?? { paired: false }, signal);
          known = { serial: view.serial, paired: view.paired };
          handleView(view);
        } catch (error) {
          if (stopped()) return;
          if (error instanceof HttpError && error.status === 404) {
            renew();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return () => {
      controller.abort();
    };
  }, [api, receiver]);

  return { receiver, paired, renew };
}
