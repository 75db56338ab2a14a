import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AccountAttributesTable, Database, ProfilePicturesTable } from '../../db/schema.ts';

export type ProfilePictureRow = Selectable<ProfilePicturesTable>;
export type AccountAttributeRow = Selectable<AccountAttributesTable>;

/**
 * A picture version: random in 1..2^31-1 (the column is a 32-bit integer) and never the one
 * it replaces. A counter would start again at 1 after a deletion and let an old URL, still
 * within its lifetime, serve the new picture.
 */
function newVersion(previous: number | undefined): number {
  for (;;) {
    const version = randomInt(1, 2 ** 31 - 1);
    if (version !== previous) return version;
  }
}

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
  /** A no-op write that holds the user's row until the transaction ends (both dialects). */
  async function lockUser(userId: string): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ email: eb.ref('email') }))
      .where('id', '=', userId)
      .execute();
  }
  return {
    findPicture(userId: string): Promise<ProfilePictureRow | undefined> {
      return db.selectFrom('profile_pictures').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /**
     * The picture others may see: none while its account is disabled or leaving, as for
     * everything else the account owns (docs/SPEC-DEVIATIONS.md, terminated accounts).
     */
    findShownPicture(userId: string): Promise<ProfilePictureRow | undefined> {
      return db
        .selectFrom('profile_pictures')
        .innerJoin('users', 'users.id', 'profile_pictures.user_id')
        .selectAll('profile_pictures')
        .where('profile_pictures.user_id', '=', userId)
        .where('users.disabled_at', 'is', null)
        .where('users.deletion_requested_at', 'is', null)
        .executeTakeFirst();
    },
    /**
     * The current versions of several users' pictures (album members, spec 000 §3
     * Contributors), leaving out disabled and leaving accounts as findShownPicture does.
     */
    async pictureVersions(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('profile_pictures')
        .innerJoin('users', 'users.id', 'profile_pictures.user_id')
        .select(['profile_pictures.user_id', 'profile_pictures.version'])
        .where('profile_pictures.user_id', 'in', userIds)
        .where('users.disabled_at', 'is', null)
        .where('users.deletion_requested_at', 'is', null)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.version]));
    },
    /**
     * Names new bytes as the user's picture, under a new random version (so that no URL of
     * an earlier picture, even one deleted since, serves this one); answers the row it
     * replaced (whose bytes the caller removes after the commit), or undefined. Call inside
     * a transaction: the user's row is locked first, so two uploads at once run one after
     * the other.
     */
    async replacePicture(row: Omit<ProfilePictureRow, 'version'>): Promise<ProfilePictureRow | undefined> {
      await lockUser(row.user_id);
      const before = await db
        .selectFrom('profile_pictures')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .executeTakeFirst();
      const version = newVersion(before?.version);
      if (before) {
        await db
          .updateTable('profile_pictures')
          .set({ ...row, version })
          .where('user_id', '=', row.user_id)
          .execute();
      } else {
        await db
          .insertInto('profile_pictures')
          .values({ ...row, version })
          .execute();
      }
      return before;
    },
    /** Removes the user's picture row; answers it, so its bytes can go after. */
    async deletePicture(userId: string): Promise<ProfilePictureRow | undefined> {
      await lockUser(userId);
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
