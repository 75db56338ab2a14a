import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, LoginRequestsTable } from '../db/schema.ts';

export type LoginRequestRow = Selectable<LoginRequestsTable>;

/** Logins in progress. Each transition is a conditional update, so each step runs once. */
export function createLoginRequestsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<LoginRequestsTable>): Promise<void> {
      await db.insertInto('login_requests').values(row).execute();
    },
    findByStateHash(stateHash: string): Promise<LoginRequestRow | undefined> {
      return db
        .selectFrom('login_requests')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
    },
    /** Attaches the signed-in user and a one-time code, once; false if already done. */
    async attachCode(
      id: string,
      values: Pick<
        Updateable<LoginRequestsTable>,
        'user_id' | 'code_hash' | 'code_expires_at' | 'authenticated_at'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('login_requests')
        .set(values)
        .where('id', '=', id)
        .where('code_hash', 'is', null)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Marks the request used, once; false if it already was. */
    async consume(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('login_requests')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('login_requests').where('expires_at', '<', now).execute();
    },
  };
}
export type LoginRequestsRepository = ReturnType<typeof createLoginRequestsRepository>;
