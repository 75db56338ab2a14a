import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../errors.ts';
import { DIALECTS, openTestDatabase, testClock, type TestDatabase } from '../test/harness.ts';
import { createThrottleRepository } from './throttle.repository.ts';
import { clientAddressKey, createThrottle, delayAfter } from './throttle.ts';

const policy = { free: 3, baseDelayMs: 1000, maxDelayMs: 8000, resetMs: 60_000 };

describe('delayAfter', () => {
  it('is free up to the budget, then doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => delayAfter(policy, n))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
});

describe('clientAddressKey', () => {
  it('keeps IPv4, unwraps mapped IPv4 and cuts IPv6 to its /64', () => {
    expect(clientAddressKey('192.168.1.20')).toBe('192.168.1.20');
    expect(clientAddressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(clientAddressKey('2001:db8:aa:bb:1::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddressKey('2001:db8:aa:bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(DIALECTS)('throttle budgets (%s)', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  const setup = () => {
    const clock = testClock();
    const throttle = createThrottle(createThrottleRepository(db.handle.db), clock.now);
    return { clock, throttle };
  };

  it('allows the free attempts, then makes each further one wait twice as long', async () => {
    const { clock, throttle } = setup();
    const keys = [{ key: 'doubling', policy }];
    for (let i = 0; i < 3; i++) await throttle.reserve(keys);
    await expect(throttle.reserve(keys)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    clock.advance(1000);
    await throttle.reserve(keys);
    await expect(throttle.reserve(keys)).rejects.toMatchObject({ retryAfterSeconds: 2 });
  });

  it('never grants more parallel reservations than the budget', async () => {
    const { throttle } = setup();
    const keys = [{ key: 'parallel', policy }];
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.reserve(keys)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RateLimitedError);
  });

  it('a success pays back its unit, a cleared budget starts afresh, a quiet one is forgotten', async () => {
    const { clock, throttle } = setup();
    const keys = [{ key: 'payback', policy }];
    for (let i = 0; i < 5; i++) await (await throttle.reserve(keys)).succeeded([]);
    for (let i = 0; i < 2; i++) await throttle.reserve(keys);
    await (await throttle.reserve(keys)).succeeded(['payback']);
    for (let i = 0; i < 3; i++) await throttle.reserve(keys);
    clock.advance(60_001);
    for (let i = 0; i < 3; i++) await throttle.reserve(keys);
  });

  it('a budget that must wait leaves the others untouched', async () => {
    const { throttle } = setup();
    const tight = { key: 'tight', policy: { ...policy, free: 1 } };
    const other = { key: 'other', policy };
    await throttle.reserve([tight]);
    for (let i = 0; i < 5; i++)
      await expect(throttle.reserve([other, tight])).rejects.toThrow(RateLimitedError);
    for (let i = 0; i < 3; i++) await throttle.reserve([other]);
  });
});
