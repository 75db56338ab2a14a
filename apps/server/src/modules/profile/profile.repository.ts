import type { Kysely, Selectable } from 'kysely';
import type { AccountAttributesTable, Database, ProfilePicturesTable } from '../../db/schema.ts';

export type ProfilePictureRow = Selectable<ProfilePicturesTable>;
export type AccountAttributeRow = Selectable<AccountAttributesTable>;

/** Queries on profile pictures and account attributes (migration 0020). */
export function createProfileRepository(db: Kysely<Database>) {
  async function countAttributes(userId: string): Promise<number> {
    const row = await db
      .selectFrom('account_attributes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  return {
    findPicture(userId: string): Promise<ProfilePictureRow | undefined> {
      return db.selectFrom('profile_pictures').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /** The current versions of several users' pictures (album members, spec 000 §3 Contributors). */
    async pictureVersions(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('profile_pictures')
        .select(['user_id', 'version'])
        .where('user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.version]));
    },
    /**
     * Names new bytes as the user's picture; answers the row it replaced (whose bytes the
     * caller removes after the commit), or undefined. Call inside a transaction.
     */
    async replacePicture(row: ProfilePictureRow): Promise<ProfilePictureRow | undefined> {
      const before = await db
        .selectFrom('profile_pictures')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .executeTakeFirst();
      if (before) {
        await db
          .updateTable('profile_pictures')
          .set({ ...row, version: before.version + 1 })
          .where('user_id', '=', row.user_id)
          .execute();
      } else {
        await db.insertInto('profile_pictures').values(row).execute();
      }
      return before;
    },
    /** Removes the user's picture row; answers it, so its bytes can go after. */
    async deletePicture(userId: string): Promise<ProfilePictureRow | undefined> {
      const before = await db
        .selectFrom('profile_pictures')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (before) await db.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
      return before;
    },
    findAttribute(userId: string, key: string): Promise<AccountAttributeRow | undefined> {
      return db
        .selectFrom('account_attributes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    },
    listAttributes(userId: string): Promise<AccountAttributeRow[]> {
      return db
        .selectFrom('account_attributes')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('key')
        .execute();
    },
    countAttributes,
    /** Sets a value; answers false when the key is new and the account has `limit` already. */
    async putAttribute(row: AccountAttributeRow, limit: number): Promise<boolean> {
      const updated = await db
        .updateTable('account_attributes')
        .set({ value: row.value, updated_at: row.updated_at })
        .where('user_id', '=', row.user_id)
        .where('key', '=', row.key)
        .executeTakeFirst();
      if (updated.numUpdatedRows > 0n) return true;
      if ((await countAttributes(row.user_id)) >= limit) return false;
      await db
        .insertInto('account_attributes')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'key']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
        )
        .execute();
      return true;
    },
    async deleteAttribute(userId: string, key: string): Promise<boolean> {
      const result = await db
        .deleteFrom('account_attributes')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async deleteAttributes(userId: string): Promise<void> {
      await db.deleteFrom('account_attributes').where('user_id', '=', userId).execute();
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
