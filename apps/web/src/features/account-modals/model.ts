import type { FullScreenCard, TosObject } from '@trove/contract';

/*
 * The modal queue of spec 001 §4, in order: the terms of service when tos_to_approve is
 * present; the sunset-deletion prompt once when a sunset date exists; the subscription
 * prompt for read-only users; the full-screen cards. One modal at a time: the next shows
 * once the one before is gone. The sunset and subscription slots belong to their issues
 * (sunset deletion, #18) and take their place here, between the terms and the cards.
 */

/** What the queue shows now. */
export type QueuedModal = { kind: 'terms'; version: string } | { kind: 'card'; card: FullScreenCard } | null;

export interface QueueInput {
  tosToApprove: TosObject | null;
  /** The cards for the user; undefined while they load. */
  cards: readonly FullScreenCard[] | undefined;
  /** Cards closed in this session without being dismissed for good. */
  closedCards: ReadonlySet<string>;
}

/** The modal the queue shows now (spec 001 §4 order), or null. */
export function nextModal({ tosToApprove, cards, closedCards }: QueueInput): QueuedModal {
  if (tosToApprove) return { kind: 'terms', version: tosToApprove.version };
  const card = cards?.find((c) => !closedCards.has(c.card_id));
  return card ? { kind: 'card', card } : null;
}
