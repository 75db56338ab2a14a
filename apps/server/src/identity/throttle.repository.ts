import type { Kysely, Selectable } from 'kysely';
import type { AuthThrottleTable, Database } from '../db/schema.ts';

/**
 * One budget's state: `failures` attempts reserved and not yet paid back by a success,
 * `window_start` the time of the latest reservation, `locked_until` the earliest time of the
 * next one. See [Note: Sign-in throttle].
 */
export type ThrottleRow = Selectable<AuthThrottleTable>;

/** Budgets of sign-in and sign-up attempts, per account, per device and per client. */
export function createThrottleRepository(db: Kysely<Database>) {
  return {
    find(key: string): Promise<ThrottleRow | undefined> {
      return db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    },
    /** Creates the row unless it exists; a racing creator's row wins and is kept. */
    async insertIfMissing(row: ThrottleRow): Promise<void> {
      await db
        .insertInto('auth_throttle')
        .values(row)
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
    /**
     * Writes `next` only if the row still reads `seen`: one statement, so of several
     * requests that read the same state exactly one wins, on SQLite and PostgreSQL alike.
     */
    async replace(seen: ThrottleRow, next: ThrottleRow): Promise<boolean> {
      const result = await db
        .updateTable('auth_throttle')
        .set({ failures: next.failures, window_start: next.window_start, locked_until: next.locked_until })
        .where('key', '=', seen.key)
        .where('failures', '=', seen.failures)
        .where('window_start', '=', seen.window_start)
        .where('locked_until', '=', seen.locked_until)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Pays one reserved attempt back (it succeeded). The delay already set stays. */
    async release(key: string): Promise<void> {
      await db
        .updateTable('auth_throttle')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    },
    /**
     * Adds `units` to a window that has not ended at `t` if the sum stays within `limit`:
     * one statement, so parallel charges add up instead of racing (see quota.ts).
     */
    async addUnits(key: string, units: number, limit: number, t: number): Promise<boolean> {
      const result = await db
        .updateTable('auth_throttle')
        .set((eb) => ({ failures: eb('failures', '+', units) }))
        .where('key', '=', key)
        .where('locked_until', '>', t)
        .where('failures', '<=', limit - units)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Pays `units` back, never below zero (a window that restarted meanwhile keeps 0). */
    async releaseUnits(key: string, units: number): Promise<void> {
      await db
        .updateTable('auth_throttle')
        .set((eb) => ({
          failures: eb
            .case()
            .when('failures', '>=', units)
            .then(eb('failures', '-', units))
            .else(0)
            .end(),
        }))
        .where('key', '=', key)
        .execute();
    },
    /** Forgets the rows under `prefix` whose window ended before `t` (see quota.ts). */
    async deleteEnded(prefix: string, t: number): Promise<void> {
      await db
        .deleteFrom('auth_throttle')
        .where('key', 'like', `${prefix}%`)
        .where('locked_until', '<', t)
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
