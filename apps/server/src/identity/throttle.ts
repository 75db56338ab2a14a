import { isIPv6 } from 'node:net';
import { RateLimitedError } from '../errors.ts';
import type { ThrottleRepository, ThrottleRow } from './throttle.repository.ts';

/*
 * [Note: Sign-in throttle]
 *
 * Goals (issue #10; OWASP ASVS 5.0 6.3.1, "Slow down online guessing attacks with device
 * cookies", OWASP 2016): an attacker gets few guesses per account however many requests
 * they send at once, and neither they nor anyone else can keep the owner out.
 *
 * - Budgets, not counters. An attempt RESERVES a unit of every budget it is charged to
 *   BEFORE the password is checked; a success pays it back (`release`) or resets the budget
 *   (`clear`). The reservation is one conditional UPDATE (compare-and-set on the whole row),
 *   so of twenty parallel guesses that read the same state exactly one wins each unit: the
 *   password is checked at most `free` times, not twenty.
 * - Slow, not shut. After `free` attempts each further one must wait a delay that doubles
 *   (1 s, 2 s, 4 s, … up to `maxDelayMs`); the answer is 429 with Retry-After. Nothing is
 *   refused for good: a right password after the wait signs in. A budget left alone for
 *   `resetMs` starts afresh.
 * - Device cookies. A browser that signed in (or up) holds a `trove_device` cookie, an HMAC
 *   over the account's address and a nonce. An attempt on that account from that browser is
 *   charged to the device's own budget instead of the account's and the address's, so
 *   guesses from elsewhere never slow the owner's browser. A cookie for another account or
 *   a forged one counts as none.
 * - Per address. Attempts without a device cookie are also charged to their client address
 *   (an IPv6 address by its /64, which one host can rotate through): a spray of one password
 *   over many accounts is slowed to one guess a minute. People behind the same address who
 *   signed in on their browser before are not charged; others wait at most a minute.
 * - Sign-ups are not guesses: they are counted per client address and per e-mail address in
 *   fixed windows, made or refused alike (signUpLimits in idp.service.ts, [Note: Quotas]).
 *
 * Budgets are keyed by the typed address, whether an account has it or not, so a 429
 * reveals nothing about which accounts exist.
 */

/** Free attempts, then a doubling delay, forgotten after a quiet spell. */
export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Per account (and per remembered device): 5 free guesses, then 1 s doubling to 15 min;
 * about a hundred guesses a day at most. Per client address: 30, then up to a minute.
 */
export const SIGN_IN_THROTTLE = {
  account: { free: 5, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, resetMs: 24 * HOUR },
  client: { free: 30, baseDelayMs: SECOND, maxDelayMs: MINUTE, resetMs: HOUR },
} satisfies Record<string, ThrottlePolicy>;

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** What a reservation is turned into once the attempt's outcome is known. */
export interface Reservation {
  /** The attempt succeeded: pays back its units; budgets marked `clearOnSuccess` restart. */
  succeeded(clearOnSuccess: readonly string[]): Promise<void>;
}

/** Delay before the attempt after `attempts` reserved ones. */
export function delayAfter(policy: ThrottlePolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(30, attempts - policy.free));
}

/**
 * The key of a client address: IPv4 as is, IPv6 by its /64 (RESEARCH-RELIABILITY §0:
 * GHSA-2967-6mrp-gg3p, limits bypassed by rotating addresses in one network).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Optimistic writes that lose this often in a row mean a flood: refuse rather than spin. */
const MAX_ROUNDS = 8;

/** Atomic attempt budgets; see [Note: Sign-in throttle]. */
export function createThrottle(repo: ThrottleRepository, now: () => number) {
  /**
   * Takes one unit of a budget, or throws RateLimitedError with the wait. `enforce: false`
   * records the unit (and the wait it sets for the next) without ever refusing this one.
   */
  async function reserveOne({ key, policy }: ThrottleKey, enforce = true): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const t = now();
      let row = await repo.find(key);
      if (!row) {
        await repo.insertIfMissing({ key, failures: 0, window_start: t, locked_until: 0 });
        row = await repo.find(key);
        if (!row) continue;
      }
      if (enforce && row.locked_until > t)
        throw new RateLimitedError(Math.ceil((row.locked_until - t) / SECOND));
      const quiet = t - row.window_start > policy.resetMs;
      const attempts = (quiet ? 0 : row.failures) + 1;
      const delay = delayAfter(policy, attempts);
      const next: ThrottleRow = {
        key,
        failures: attempts,
        window_start: t,
        locked_until: delay ? t + delay : 0,
      };
      if (await repo.replace(row, next)) return;
    }
    throw new RateLimitedError(1);
  }

  return {
    /** Attempts reserved and not paid back within the budget's window (0 once it is quiet). */
    async outstanding({ key, policy }: ThrottleKey): Promise<number> {
      const row = await repo.find(key);
      if (!row || now() - row.window_start > policy.resetMs) return 0;
      return row.failures;
    },

    /** Charges one failed attempt to a budget that did not gate it; never refuses. */
    async charge(key: ThrottleKey): Promise<void> {
      await reserveOne(key, false).catch(() => undefined);
    },

    /**
     * Reserves one attempt of every budget, before the secret is checked.
     * @throws RateLimitedError when any budget must wait; nothing stays reserved then.
     */
    async reserve(keys: readonly ThrottleKey[]): Promise<Reservation> {
      const taken: string[] = [];
      try {
        for (const key of keys) {
          await reserveOne(key);
          taken.push(key.key);
        }
      } catch (error) {
        // The attempt never reached the password: the budgets it did get are paid back.
        for (const key of taken) await repo.release(key);
        throw error;
      }
      return {
        async succeeded(clearOnSuccess) {
          for (const key of taken) {
            if (clearOnSuccess.includes(key)) await repo.clear(key);
            else await repo.release(key);
          }
        },
      };
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
