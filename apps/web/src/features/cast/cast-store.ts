import { useSyncExternalStore } from 'react';

/*
 * The TV this tab casts to, if any (issue #27): kept for the tab (sessionStorage), so moving
 * between the album view, its carousel and the slideshow keeps casting to the same TV.
 */

const KEY = 'trove.cast.receiver';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let current = read();

export function setCastTarget(receiverId: string | null): void {
  current = receiverId;
  try {
    if (receiverId === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, receiverId);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The receiver this tab casts to, or null. */
export function useCastTarget(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
