/*
 * What the modal queue remembers in this browser, read by the queue and by its gate (See:
 * [Note: Modal queue gate]) without loading the queue.
 */

/**
 * Cards closed without being dismissed stay away for the tab's session, reloads too; per
 * account, since another may sign in in the same tab.
 */
const closedCardsKey = (userId: string) => `trove.closed_cards.${userId}`;

export function readClosedCards(userId: string): ReadonlySet<string> {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(closedCardsKey(userId)) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeClosedCards(userId: string, ids: ReadonlySet<string>): void {
  try {
    sessionStorage.setItem(closedCardsKey(userId), JSON.stringify([...ids]));
  } catch {
    // Storage refused (private mode, full): the card is away until the page reloads.
  }
}

const sunsetKey = (userId: string) => `trove.sunset_seen.${userId}`;

/** The sunset notice is shown once per account and date (spec 001 §4 "once (flag remembered)"). */
export function sunsetSeen(userId: string, date: number): boolean {
  try {
    return localStorage.getItem(sunsetKey(userId)) === String(date);
  } catch {
    return false;
  }
}

export function rememberSunsetSeen(userId: string, date: number): void {
  try {
    localStorage.setItem(sunsetKey(userId), String(date));
  } catch {
    // Storage refused (private mode): the notice is away until the page reloads.
  }
}

const storageKey = (userId: string) => `trove.storage_warned.${userId}`;

/**
 * The storage warning level last read from the account attribute, kept here too so the gate
 * knows, without a call, that a remembered level may need lowering after usage fell.
 */
export function storageWarnedLocally(userId: string): string {
  try {
    return localStorage.getItem(storageKey(userId)) ?? '';
  } catch {
    return '';
  }
}

export function rememberStorageWarnedLocally(userId: string, level: string): void {
  try {
    if (level === '') localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), level);
  } catch {
    // Storage refused: the gate then loads the queue only when usage is at a level.
  }
}
