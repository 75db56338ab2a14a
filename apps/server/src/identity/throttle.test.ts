import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../errors.ts';
import type { ThrottleRepository, ThrottleRow } from './throttle.repository.ts';
import { createThrottle } from './throttle.ts';

function memoryRepo(): ThrottleRepository {
  const rows = new Map<string, ThrottleRow>();
  return {
    find: (key) => Promise.resolve(rows.get(key)),
    save: (row) => Promise.resolve(void rows.set(row.key, { ...row })),
    clear: (key) => Promise.resolve(void rows.delete(key)),
  };
}

describe('throttle', () => {
  const policy = { maxFailures: 3, windowMs: 60_000, lockMs: 120_000 };
  const keys = [{ key: 'k', policy }];

  it('locks after the maximum failures within the window and opens after the lock', async () => {
    let t = 0;
    const throttle = createThrottle(memoryRepo(), () => t);
    for (let i = 0; i < 3; i++) {
      await throttle.assertAllowed(keys);
      await throttle.recordFailure(keys);
    }
    await expect(throttle.assertAllowed(keys)).rejects.toBeInstanceOf(RateLimitedError);
    t += 120_001;
    await expect(throttle.assertAllowed(keys)).resolves.toBeUndefined();
  });

  it('forgets failures older than the window', async () => {
    let t = 0;
    const throttle = createThrottle(memoryRepo(), () => t);
    await throttle.recordFailure(keys);
    await throttle.recordFailure(keys);
    t += 60_001;
    await throttle.recordFailure(keys);
    await expect(throttle.assertAllowed(keys)).resolves.toBeUndefined();
  });
});
