import type { Kysely, Selectable } from 'kysely';
import type { Database, DigitalLegacyTable } from '../../db/schema.ts';

export type DigitalLegacyRow = Selectable<DigitalLegacyTable>;

/** The digital legacy of each user (spec 001 §3): one row, replaced by each choice. */
export function createLegacyRepository(db: Kysely<Database>) {
  return {
    find(userId: string): Promise<DigitalLegacyRow | undefined> {
      return db.selectFrom('digital_legacy').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    async put(row: DigitalLegacyRow): Promise<void> {
      await db
        .insertInto('digital_legacy')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            choice: row.choice,
            language: row.language,
            contacts: row.contacts,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
    async delete(userId: string): Promise<void> {
      await db.deleteFrom('digital_legacy').where('user_id', '=', userId).execute();
    },
  };
}
export type LegacyRepository = ReturnType<typeof createLegacyRepository>;
