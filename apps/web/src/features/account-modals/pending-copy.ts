import { useSyncExternalStore } from 'react';

/*
 * The share copy a read-only user asked for (spec 001 §4 modal queue): "A pending share copy
 * to the timeline resumes after purchase success and is cleared on refusal. A read-only user
 * with no terms pending and no other modal gets the subscription prompt while a copy is
 * pending." Kept for the tab's session (a reload keeps it, another tab does not), per account.
 */

const key = (userId: string) => `trove.pending_share_copy.${userId}`;
const listeners = new Set<() => void>();

/** The share whose copy waits for a subscription, or null. */
export function pendingShareCopy(userId: string): string | null {
  try {
    return sessionStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

/** Remembers (a share id) or clears (null) the copy waiting for a subscription. */
export function setPendingShareCopy(userId: string, shareId: string | null): void {
  try {
    if (shareId === null) sessionStorage.removeItem(key(userId));
    else sessionStorage.setItem(key(userId), shareId);
  } catch {
    // Storage refused (private mode): the copy is not remembered, the prompt does not show.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** {@link pendingShareCopy}, re-rendering when it changes. */
export function usePendingShareCopy(userId: string | undefined): string | null {
  return useSyncExternalStore(subscribe, () => (userId === undefined ? null : pendingShareCopy(userId)));
}
