import type { FullScreenCard, TosObject } from '@trove/contract';

/*
 * The modal queue of spec 001 §4, in order: the terms of service when tos_to_approve is
 * present; the sunset-deletion prompt once when a sunset date exists; the subscription
 * prompt for read-only users; the full-screen cards. One modal at a time: the next shows
 * once the one before is gone. The subscription slot belongs to #18 and takes its place
 * here, between the sunset notice and the cards.
 */

/** What the queue shows now. */
export type QueuedModal =
  | { kind: 'terms'; version: string }
  | { kind: 'sunset'; date: number }
  | { kind: 'card'; card: FullScreenCard }
  | null;

export interface QueueInput {
  tosToApprove: TosObject | null;
  /** The cards for the user; undefined while they load. */
  cards: readonly FullScreenCard[] | undefined;
  /** Cards closed in this session without being dismissed for good. */
  closedCards: ReadonlySet<string>;
  /** account_info.sunset_delete_date (seconds), and whether its notice was seen already. */
  sunsetDate?: number | null;
  sunsetSeen?: boolean;
}

/** The modal the queue shows now (spec 001 §4 order), or null. */
export function nextModal({
  tosToApprove,
  cards,
  closedCards,
  sunsetDate,
  sunsetSeen,
}: QueueInput): QueuedModal {
  if (tosToApprove) return { kind: 'terms', version: tosToApprove.version };
  if (sunsetDate != null && !sunsetSeen) return { kind: 'sunset', date: sunsetDate };
  const card = cards?.find((c) => !closedCards.has(c.card_id));
  return card ? { kind: 'card', card } : null;
}
