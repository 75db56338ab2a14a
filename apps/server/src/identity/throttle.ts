import { RateLimitedError } from '../errors.ts';
import type { ThrottleRepository } from './throttle.repository.ts';

/** A limit on failed attempts within a window, then a lock-out. */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

/**
 * Sign-in limits. Per account: a password guesser gets 5 tries per 15 minutes. Per client
 * address: 30, so one address cannot sweep many accounts. Keys are taken whether the account
 * exists or not, so a lock-out reveals nothing about existence.
 */
export const SIGN_IN_THROTTLE = {
  account: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  client: { maxFailures: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** Counts failures per key and refuses while any key is locked. */
export function createThrottle(repo: ThrottleRepository, now: () => number) {
  return {
    /** @throws RateLimitedError while any of the keys is locked. */
    async assertAllowed(keys: readonly ThrottleKey[]): Promise<void> {
      const t = now();
      for (const { key } of keys) {
        const row = await repo.find(key);
        if (row && row.locked_until > t) throw new RateLimitedError(Math.ceil((row.locked_until - t) / 1000));
      }
    },
    async recordFailure(keys: readonly ThrottleKey[]): Promise<void> {
      const t = now();
      for (const { key, policy } of keys) {
        const row = await repo.find(key);
        const fresh = !row || t - row.window_start > policy.windowMs;
        const failures = fresh ? 1 : row.failures + 1;
        const locked_until = failures >= policy.maxFailures ? t + policy.lockMs : 0;
        await repo.save({
          key,
          failures: locked_until ? 0 : failures,
          window_start: fresh || locked_until ? t : row.window_start,
          locked_until,
        });
      }
    },
    async clear(key: string): Promise<void> {
      await repo.clear(key);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
