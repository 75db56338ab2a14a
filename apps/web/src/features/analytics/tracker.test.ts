import type { StatisticsEvent } from '@trove/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTracker, FLUSH_DELAY_MS } from './tracker.ts';

const FILE = '7e1f0a3c-2b4d-4c8e-8f9a-1d2c3b4a5e6f';

/** A tracker whose consent the test switches; `batches` holds what it sent. */
function setup() {
  const batches: StatisticsEvent[][] = [];
  let account: string | undefined = 'user-1';
  const tracker = createTracker({
    send: (events) => {
      batches.push(events);
      return Promise.resolve();
    },
    findConsentedAccount: () => account,
    now: () => 1_700_000_000_000,
  });
  return {
    tracker,
    batches,
    consent: (uuid: string | undefined) => {
      account = uuid;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('analytics tracker', () => {
  test('batches the events of 2 s after the first one into one call', () => {
    const { tracker, batches } = setup();
    tracker.track({ name: 'first' });
    vi.advanceTimersByTime(FLUSH_DELAY_MS - 1);
    tracker.track({ name: 'second', props: { n: 2, ok: true } });
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([
      [
        { name: 'first', time: 1_700_000_000_000 },
        { name: 'second', props: { n: 2, ok: true }, time: 1_700_000_000_000 },
      ],
    ]);
    vi.advanceTimersByTime(10 * FLUSH_DELAY_MS);
    expect(batches).toHaveLength(1);
  });

  test('sends at once at 50 events, the server’s limit per call', () => {
    const { tracker, batches } = setup();
    for (let i = 0; i < 51; i++) tracker.track({ name: 'tick', props: { i } });
    expect(batches.map((batch) => batch.length)).toEqual([50]);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches.map((batch) => batch.length)).toEqual([50, 1]);
  });

  test('flush sends what is queued now (page hidden)', () => {
    const { tracker, batches } = setup();
    tracker.flush();
    expect(batches).toEqual([]);
    tracker.track({ name: 'page_view' });
    tracker.flush();
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches).toHaveLength(1);
  });

  test('sends nothing without consent, nor what was queued before consent was withdrawn', () => {
    const { tracker, batches, consent } = setup();
    consent(undefined);
    tracker.track({ name: 'page_view' });
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches).toEqual([]);

    consent('user-1');
    tracker.track({ name: 'page_view' });
    consent(undefined);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches).toEqual([]);
  });

  test('drops events queued for another account', () => {
    const { tracker, batches, consent } = setup();
    tracker.track({ name: 'of_one' });
    consent('user-2');
    tracker.track({ name: 'of_two' });
    tracker.flush();
    expect(batches.flat().map((event) => event.name)).toEqual(['of_two']);
  });

  test('replaces job and file ids in paths (spec 000 §2) and drops malformed events', () => {
    const { tracker, batches } = setup();
    tracker.track({ name: 'page_view', path: `/photos/${FILE}` });
    tracker.track({ name: 'page_view', path: `/carousel/${FILE}/${FILE}?albumIDB64=x` });
    tracker.track({ name: 'Not Snake Case' });
    tracker.track({ name: 'too_big', props: { text: 'x'.repeat(3000) } });
    tracker.flush();
    expect(batches.flat().map((event) => event.path)).toEqual([
      '/photos/{fileId}',
      '/carousel/{jobId}/{fileId}',
    ]);
  });
});
