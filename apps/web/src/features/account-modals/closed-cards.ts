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
