/** The unsubscribe page's states (spec 001 §4 Unsubscribe page). */
export type UnsubscribeState = 'entry' | 'loading' | 'unsubscribed' | 'saved';
export type UnsubscribeEvent = 'unsubscribe' | 'stay' | 'succeeded' | 'failed';

/**
 * entry → loading on Unsubscribe, then unsubscribed on success or on error (the page says
 * the error); entry → saved on Stay. Anything else leaves the state as it is.
 */
export function nextUnsubscribeState(state: UnsubscribeState, event: UnsubscribeEvent): UnsubscribeState {
  if (state === 'entry' && event === 'unsubscribe') return 'loading';
  if (state === 'entry' && event === 'stay') return 'saved';
  if (state === 'loading' && (event === 'succeeded' || event === 'failed')) return 'unsubscribed';
  return state;
}
