import { describe, expect, it } from 'vitest';
import { nextUnsubscribeState, type UnsubscribeEvent, type UnsubscribeState } from './unsubscribe-model.ts';

describe('the unsubscribe page states (spec 001 §4 Unsubscribe page)', () => {
  it('entry → loading on Unsubscribe, then unsubscribed on success and on error; entry → saved on Stay', () => {
    expect(nextUnsubscribeState('entry', 'unsubscribe')).toBe('loading');
    expect(nextUnsubscribeState('loading', 'succeeded')).toBe('unsubscribed');
    expect(nextUnsubscribeState('loading', 'failed')).toBe('unsubscribed');
    expect(nextUnsubscribeState('entry', 'stay')).toBe('saved');
  });

  it('every other event leaves the state as it is', () => {
    const allowed = new Set(['entry unsubscribe', 'entry stay', 'loading succeeded', 'loading failed']);
    const states: UnsubscribeState[] = ['entry', 'loading', 'unsubscribed', 'saved'];
    const events: UnsubscribeEvent[] = ['unsubscribe', 'stay', 'succeeded', 'failed'];
    for (const state of states)
      for (const event of events)
        if (!allowed.has(`${state} ${event}`))
          expect(nextUnsubscribeState(state, event), `${state} ${event}`).toBe(state);
  });
});
