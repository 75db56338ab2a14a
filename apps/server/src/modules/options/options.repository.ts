import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Each user's options (spec 000 §7 Options): one value per user and name. */
export function createOptionsRepository(db: Kysely<Database>) {
  return {
    async find(userId: string, name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('user_options')
        .select('value')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },
    async put(userId: string, name: string, value: string, now: number): Promise<void> {
      await db
        .insertInto('user_options')
        .values({ user_id: userId, name, value, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value, updated_at: now }))
        .execute();
    },
    async remove(userId: string, name: string): Promise<void> {
      await db.deleteFrom('user_options').where('user_id', '=', userId).where('name', '=', name).execute();
    },
    /** How many options the user has: bounded, so one account cannot fill the table. */
    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('user_options')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}
export type OptionsRepository = ReturnType<typeof createOptionsRepository>;
