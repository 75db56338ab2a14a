import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

/** Queries on sessions: one row per issued token, grouped into devices by device_id. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    findActiveByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },
    async touch(id: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
    },
    async revoke(id: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Revokes every live token of one device of one user; returns how many. */
    async revokeDevice(userId: string, deviceId: string, now: number): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('device_id', '=', deviceId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    listActive(userId: string): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('last_used_at', 'desc')
        .execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
