import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/** Queries on users. Never throws HTTP errors; `find*` may return undefined. */
export function createAccountsRepository(db: Kysely<Database>) {
  return {
    async insert(user: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findByOidcIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('oidc_issuer', '=', issuer)
        .where('oidc_subject', '=', subject)
        .executeTakeFirst();
    },
    /**
     * Adds `bytes` to the user's used space only if it stays within the quota, in one
     * conditional update, so parallel uploads cannot overshoot. False when it would not fit.
     */
    async reserveSpace(id: string, bytes: number, defaultMax: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ used_space: eb('used_space', '+', bytes) }))
        .where('id', '=', id)
        .where((eb) =>
          eb(eb('used_space', '+', bytes), '<=', eb.fn.coalesce('max_space', eb.val(defaultMax))),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Adjusts the per-type file counters of account info (spec 001 §3). */
    async addToCounter(
      id: string,
      counter: 'picture_count' | 'video_count' | 'screenshot_count' | 'document_count',
      delta: number,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ [counter]: eb(counter, '+', delta) }))
        .where('id', '=', id)
        .execute();
    },
    /**
     * Whether the user has given a privacy consent, for what account info derives from it
     * (spec 001 §3 permitted_services); the consents themselves belong to the privacy module.
     */
    async setName(id: string, name: string): Promise<void> {
      await db.updateTable('users').set({ name }).where('id', '=', id).execute();
    },

    /**
     * spec 001 §3 number_of_subscribed_albums: albums of others the user takes part in
     * (subscribed, spec 000 §7 subscribe) that are not deleted; their own albums are not counted.
     */
    async countSubscribedAlbums(id: string): Promise<number> {
      const row = await db
        .selectFrom('job_members as m')
        .innerJoin('jobs as j', 'j.id', 'm.job_id')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('m.user_id', '=', id)
        .where('m.subscribed', '=', 1)
        .where('j.owner_id', '!=', id)
        .where('j.type', '=', 'story')
        .where('j.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
