import { describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { testClock } from '../test/harness.ts';
import { MEDIA_URL_MAX_AGE_MS } from './media-urls.ts';
import {
  SESSIONS_REFUSED_CHANNEL,
  createSessionRevocations,
  type RefusedSession,
} from './session-revocations.ts';

describe('session revocations', () => {
  function setup() {
    const clock = testClock();
    const bus = createInProcessEventBus();
    let rows: RefusedSession[] = [];
    let onLoad: () => void = () => undefined;
    const revocations = createSessionRevocations({
      bus,
      now: clock.now,
      load: (since) => {
        onLoad();
        return Promise.resolve(rows.filter((r) => r.revoked_at >= since));
      },
    });
    return {
      clock,
      bus,
      revocations,
      setRows: (next: RefusedSession[]) => (rows = next),
      setOnLoad: (fn: () => void) => (onLoad = fn),
    };
  }

  it('is filled from the database at start and follows it on refresh, both ways', async () => {
    const s = setup();
    s.setRows([{ id: 'old-logout', revoked_at: s.clock.now() }]);
    await s.revocations.start();
    expect(s.revocations.isRefused('old-logout')).toBe(true);
    expect(s.revocations.isRefused('live')).toBe(false);
    // An operator disabled an account in the database: the next read sees it.
    s.setRows([
      ...[{ id: 'old-logout', revoked_at: s.clock.now() }],
      { id: 'disabled', revoked_at: s.clock.now() },
    ]);
    await s.revocations.refresh();
    expect(s.revocations.isRefused('disabled')).toBe(true);
    // ...and enabled it again.
    s.setRows([{ id: 'old-logout', revoked_at: s.clock.now() }]);
    await s.revocations.refresh();
    expect(s.revocations.isRefused('disabled')).toBe(false);
    s.revocations.stop();
  });

  it('hears other processes on the bus, also while a refresh is reading', async () => {
    const s = setup();
    await s.revocations.start();
    await s.bus.publish(SESSIONS_REFUSED_CHANNEL, 'a,b');
    expect(s.revocations.isRefused('a')).toBe(true);
    expect(s.revocations.isRefused('b')).toBe(true);
    // The load has read the database already when this message comes: it must not be lost.
    s.setOnLoad(() => void s.bus.publish(SESSIONS_REFUSED_CHANNEL, 'during'));
    await s.revocations.refresh();
    expect(s.revocations.isRefused('during')).toBe(true);
    s.revocations.stop();
  });

  it('forgets a session once every url it was given has expired', async () => {
    const s = setup();
    await s.revocations.start();
    // The database is the truth: what was announced is there too.
    s.setRows([{ id: 'gone', revoked_at: s.clock.now() }]);
    await s.revocations.announce(['gone']);
    s.clock.advance(MEDIA_URL_MAX_AGE_MS);
    await s.revocations.refresh();
    expect(s.revocations.isRefused('gone')).toBe(true);
    s.clock.advance(2 * 3_600_000);
    await s.revocations.refresh();
    expect(s.revocations.isRefused('gone')).toBe(false);
    s.revocations.stop();
  });
});
