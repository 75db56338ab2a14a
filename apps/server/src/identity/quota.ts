import { RateLimitedError } from '../errors.ts';
import type { ThrottleRepository, ThrottleRow } from './throttle.repository.ts';

/*
 * [Note: Quotas]
 *
 * Where the throttle of [Note: Sign-in throttle] slows guesses down, a quota caps how much of
 * something may happen in a fixed window: messages a sender has the server send, messages an
 * address receives, accounts one client address opens (issue #23). The counters live in the
 * database, in the throttle's table under keys starting `quota:` (`failures` the units used,
 * `window_start` and `locked_until` the window's start and end), so every server node sees
 * the same counts; a charge is the same compare-and-set, so parallel requests cannot both
 * take the last unit. Rows of ended windows are deleted as charges come.
 */

const PREFIX = 'quota:';

/** `units` of the budget `key`, at most `limit` of them in a window of `windowMs`. */
export interface QuotaCharge {
  key: string;
  limit: number;
  windowMs: number;
  units: number;
}

/** A charge that does not fit; `retryAfterSeconds` is when its window ends. */
export class QuotaExceeded extends Error {
  readonly charge: QuotaCharge;
  readonly retryAfterSeconds: number;

  constructor(charge: QuotaCharge, retryAfterSeconds: number) {
    super(`quota ${charge.key} exceeded`);
    this.charge = charge;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Compare-and-set rounds lost in a row that mean a flood: refuse rather than spin. */
const MAX_ROUNDS = 8;

/** Fixed-window counters in the database; see [Note: Quotas]. */
export function createQuotas(repo: ThrottleRepository, now: () => number) {
  async function takeOne(charge: QuotaCharge): Promise<void> {
    const key = PREFIX + charge.key;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const t = now();
      // The usual case, a window under way: one atomic add, however many run at once.
      if (await repo.addUnits(key, charge.units, charge.limit, t)) return;
      let row = await repo.find(key);
      if (!row) {
        await repo.insertIfMissing({ key, failures: 0, window_start: t, locked_until: t + charge.windowMs });
        row = await repo.find(key);
        if (!row) continue;
      }
      const ended = row.locked_until <= t;
      if (!ended && row.failures + charge.units > charge.limit) {
        throw new QuotaExceeded(charge, Math.max(1, Math.ceil((row.locked_until - t) / 1000)));
      }
      if (charge.units > charge.limit) throw new QuotaExceeded(charge, Math.ceil(charge.windowMs / 1000));
      // A window that ended starts afresh; of racing restarts one wins, the others add.
      if (ended) {
        const next: ThrottleRow = { key, failures: 0, window_start: t, locked_until: t + charge.windowMs };
        await repo.replace(row, next);
      }
    }
    throw new RateLimitedError(1);
  }

  const quotas = {
    /**
     * Takes every charge, or none: the first that does not fit throws QuotaExceeded and the
     * ones already taken are paid back.
     */
    async take(charges: readonly QuotaCharge[]): Promise<void> {
      await repo.deleteEnded(PREFIX, now());
      const taken: QuotaCharge[] = [];
      try {
        for (const charge of charges) {
          await takeOne(charge);
          taken.push(charge);
        }
      } catch (error) {
        await quotas.giveBack(taken);
        throw error;
      }
    },
    /** Pays charges back (what they paid for did not happen). */
    async giveBack(charges: readonly QuotaCharge[]): Promise<void> {
      for (const charge of charges) await repo.releaseUnits(PREFIX + charge.key, charge.units);
    },
  };
  return quotas;
}
export type Quotas = ReturnType<typeof createQuotas>;

/** One account's writes of one kind: at most `limit` in a window of `windowMs`. */
export interface AccountWriteLimit {
  /** The budget's name; the account's id is added to it. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one write of the account against `limit` ([Note: Quotas]); past it the caller gets
 * 429 rate_limited with Retry-After at the window's end. For writes a signed-in client could
 * repeat in a loop (a picture, an attribute, stats): cheap to allow, costly to flood.
 * @throws RateLimitedError when the window's units are used.
 */
export async function chargeAccountWrite(quotas: Quotas, userId: string, limit: AccountWriteLimit) {
  const charge = { key: `${limit.name}:${userId}`, limit: limit.limit, windowMs: limit.windowMs, units: 1 };
  await quotas.take([charge]).catch((error: unknown) => {
    throw error instanceof QuotaExceeded ? new RateLimitedError(error.retryAfterSeconds) : error;
  });
}
