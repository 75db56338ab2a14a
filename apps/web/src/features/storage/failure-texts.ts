import type { IntlShape } from 'react-intl';
import { isNetworkError } from '../../api/http-error.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { CardError, isCardRefusal } from './api.ts';

/*
 * The failure texts of spec 001 §8 for the plan actions, with what the card said when a card
 * was refused (a declined card, a failed 3-D Secure), so the user knows to try another card.
 */

/** `id`'s text, followed by why when a card was refused or the network is down. */
function withReason(intl: IntlShape, id: MessageId, error: unknown): string {
  const text = intl.formatMessage({ id });
  let reason: string | null = null;
  if (error instanceof CardError && error.message !== '') reason = error.message;
  else if (isCardRefusal(error)) reason = intl.formatMessage({ id: 'storage.error.cardDeclined' });
  else if (isNetworkError(error)) reason = intl.formatMessage({ id: 'common.offline' });
  return reason === null ? text : `${text}: ${reason}`;
}

/** 'Failed to purchase subscription' (spec 001 §8). */
export function purchaseFailureText(intl: IntlShape, error: unknown): string {
  return withReason(intl, 'storage.error.purchase', error);
}

/** 'Failed to update subscription' (spec 001 §8). */
export function updateFailureText(intl: IntlShape, error: unknown): string {
  return withReason(intl, 'storage.error.update', error);
}

/** 'Failed to update info' (spec 001 §8, the card). */
export function cardUpdateFailureText(intl: IntlShape, error: unknown): string {
  return withReason(intl, 'storage.error.cardUpdate', error);
}
