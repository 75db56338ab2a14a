import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus, type EventBus } from '../../events/event-bus.ts';
import { createTestApp, signUp, timelineOf, type TestApp } from '../../test/harness.ts';

/**
 * [Note: Graceful shutdown]: a stopping server answers the long polls it holds at once, with
 * the current serial (as a timeout would), and holds none that arrive while it drains.
 */
describe('GET /poll while the server drains', () => {
  let t: TestApp;
  const draining = new AbortController();
  // Resolved once a poll has subscribed to its job and waits (it awaits ready() just then).
  const listening = Promise.withResolvers<undefined>();
  beforeAll(async () => {
    const inner = createInProcessEventBus();
    let isPollSubscribed = false;
    const bus: EventBus = {
      ...inner,
      subscribe: (channel, handler) => {
        if (channel.startsWith('job_changed:')) isPollSubscribed = true;
        return inner.subscribe(channel, handler);
      },
      ready: async () => {
        await inner.ready();
        if (isPollSubscribed) listening.resolve(undefined);
      },
    };
    t = await createTestApp('sqlite', { deps: { draining: draining.signal, bus } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers held polls when the drain begins, and later ones at once', async () => {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    // Nothing will change past seq 1000: only the drain (or 25 s) answers these.
    const poll = () =>
      t.app.inject({ url: `/poll?seq=1000&event=job_changed:${job}&${user.query}`, headers: user.headers });
    const held = poll();
    await listening.promise;
    const started = Date.now();
    draining.abort();
    const response = await held;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`seq=0\njob_changed:${job}\n`);
    const later = await poll();
    expect(later.body).toBe(`seq=0\njob_changed:${job}\n`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
