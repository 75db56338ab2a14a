import type { Kysely, Selectable } from 'kysely';
import type { AuthThrottleTable, Database } from '../db/schema.ts';

export type ThrottleRow = Selectable<AuthThrottleTable>;

/** Failure counters of sign-in attempts, per account and per client. */
export function createThrottleRepository(db: Kysely<Database>) {
  return {
    find(key: string): Promise<ThrottleRow | undefined> {
      return db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    },
    async save(row: ThrottleRow): Promise<void> {
      await db
        .insertInto('auth_throttle')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: row.failures,
            window_start: row.window_start,
            locked_until: row.locked_until,
          }),
        )
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
