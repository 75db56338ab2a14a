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
    /** Revokes every live token of one device of one user; returns the sessions revoked. */
    async revokeDevice(userId: string, deviceId: string, now: number): Promise<string[]> {
      const rows = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('device_id', '=', deviceId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    /** Revokes every live token of a user (disabled by an operator, or deleting the account); the sessions revoked. */
    async revokeAllOf(userId: string, now: number): Promise<string[]> {
      const rows = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    /**
     * The session of a token that was ended when its account was disabled, while the account
     * still is: its calls answer `user_disabled`, not a plain 401 (spec 001 §2 Account-terminated page).
     */
    findEndedByDisabling(tokenHash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('sessions')
        .where('sessions.token_hash', '=', tokenHash)
        .where('users.disabled_at', 'is not', null)
        .where((eb) => eb('sessions.revoked_at', '>=', eb.ref('users.disabled_at')))
        .executeTakeFirst();
    },
    /**
     * Sessions whose media URLs must be refused: revoked at or after `since`, and every
     * live one of a disabled account or one being deleted. See [Note: Media URLs].
     */
    async listRefusedSince(since: number): Promise<{ id: string; revoked_at: number }[]> {
      const revoked = await db
        .selectFrom('sessions')
        .select(['id', 'revoked_at'])
        .where('revoked_at', '>=', since)
        .execute();
      const disabled = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select((eb) => [
          'sessions.id as id',
          eb.fn.coalesce('users.disabled_at', 'users.deletion_requested_at').as('revoked_at'),
        ])
        .where((eb) =>
          eb.or([eb('users.disabled_at', 'is not', null), eb('users.deletion_requested_at', 'is not', null)]),
        )
        .where('sessions.revoked_at', 'is', null)
        .execute();
      return [...revoked, ...disabled].map((r) => ({ id: r.id, revoked_at: r.revoked_at ?? since }));
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
