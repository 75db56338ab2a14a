import type { FullScreenCard, TosObject } from '@trove/contract';

/*
 * The modal queue of spec 001 §4, in order: the terms of service when tos_to_approve is
 * present; the sunset-deletion prompt once when a sunset date exists; the subscription
 * prompt for read-only users; the full-screen cards. One modal at a time: the next shows
 * once the one before is gone. The subscription prompt (the subscribe wizard, issue #25)
 * shows for a read-only user while a share copy waits for a subscription.
 */

/** What the queue shows now. */
export type QueuedModal =
  | { kind: 'terms'; version: string }
  | { kind: 'sunset'; date: number }
  | { kind: 'subscription'; shareId: string }
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
  /** account_info.is_read_only_user, and the share copy waiting for a subscription (pending-copy.ts). */
  isReadOnly?: boolean;
  pendingCopy?: string | null;
}

/** The modal the queue shows now (spec 001 §4 order), or null. */
export function nextModal({
  tosToApprove,
  cards,
  closedCards,
  sunsetDate,
  sunsetSeen,
  isReadOnly = false,
  pendingCopy = null,
}: QueueInput): QueuedModal {
  if (tosToApprove) return { kind: 'terms', version: tosToApprove.version };
  if (sunsetDate != null && !sunsetSeen) return { kind: 'sunset', date: sunsetDate };
  // The subscription prompt for read-only users, while a share copy waits for it (issue #25).
  if (isReadOnly && pendingCopy !== null) return { kind: 'subscription', shareId: pendingCopy };
  const card = cards?.find((c) => !closedCards.has(c.card_id));
  return card ? { kind: 'card', card } : null;
}
