import type { Insertable, Kysely } from 'kysely';
import type { Database, UserStatisticsEventsTable } from '../../db/schema.ts';

/** Queries on privacy consents and usage events. Never throws HTTP errors. */
export function createPrivacyRepository(db: Kysely<Database>) {
  return {
    /** The consents the user has set, given or not; keys never set have no row. */
    listConsents(userId: string): Promise<{ key: string; value: number }[]> {
      return db.selectFrom('consent_values').select(['key', 'value']).where('user_id', '=', userId).execute();
    },
    /** True when the user has given the consent `key`. */
    async hasConsent(userId: string, key: string): Promise<boolean> {
      const row = await db
        .selectFrom('consent_values')
        .select('value')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value === 1;
    },
    async upsertConsent(userId: string, key: string, value: boolean, at: number): Promise<void> {
      const row = { user_id: userId, key, value: value ? 1 : 0, updated_at: at };
      await db
        .insertInto('consent_values')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: row.value, updated_at: at }))
        .execute();
    },
    /**
     * True when the user has given the consent. Run in a transaction, it also locks the
     * consent row until the end of it (an update that changes nothing), so a concurrent
     * withdrawal waits for what this transaction writes under the consent, then sees it.
     */
    async lockConsentIfGiven(userId: string, key: string): Promise<boolean> {
      const result = await db
        .updateTable('consent_values')
        .set((eb) => ({ value: eb.ref('value') }))
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('value', '=', 1)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async insertEvents(rows: Insertable<UserStatisticsEventsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('user_statistics_events').values(rows).execute();
    },
    async deleteEventsOf(userId: string): Promise<void> {
      await db.deleteFrom('user_statistics_events').where('user_id', '=', userId).execute();
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
