import type { Insertable, Kysely } from 'kysely';
import type { ClientStatsTable, Database, UserStatisticsEventsTable } from '../../db/schema.ts';

/*
 * [Note: Consent events]
 *
 * A consent is never updated in place (issue #24): each change appends an event (user, seq,
 * key, value, source, time) to `consent_events`, and the current value of a key is its
 * latest event; a key without events is not given. The events are the proof a controller
 * must be able to show (GDPR Art. 7(1)): the user reads them (GET consent_history) and gets
 * them in the data export; account deletion removes them with the account.
 *
 * One fact per consent: the privacy page, POST /user/email_consent and the unsubscribe page
 * (its RFC 8058 one-click POST too) all append to the same key, stay_up_to_date__email; they
 * differ only in `source`.
 *
 * Writers of a user's consents first lock the user's row (an update that changes nothing),
 * so `seq` is computed by one writer at a time, and a withdrawal of help_us_improve and a
 * concurrent store of usage events or client stats happen one after the other: the store
 * reads the consent after its lock, so nothing is kept after a withdrawal deleted the rest.
 * SQLite runs one write transaction at a time anyway.
 */

/** Queries on privacy consents and the data stored under them. Never throws HTTP errors. */
export function createPrivacyRepository(db: Kysely<Database>) {
  async function latestValue(userId: string, key: string): Promise<boolean> {
    const row = await db
      .selectFrom('consent_events')
      .select('value')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.value === 1;
  }

  /** Accounts whose latest stay_up_to_date__email event gives it, neither disabled nor leaving. */
  function emailConsenters() {
    return db
      .selectFrom('users')
      .where('users.disabled_at', 'is', null)
      .where('users.deletion_requested_at', 'is', null)
      .where(
        (eb) =>
          eb
            .selectFrom('consent_events')
            .select('consent_events.value')
            .whereRef('consent_events.user_id', '=', 'users.id')
            .where('consent_events.key', '=', 'stay_up_to_date__email')
            .orderBy('consent_events.seq', 'desc')
            .limit(1),
        '=',
        1,
      );
  }

  return {
    /**
     * Accounts whose latest stay_up_to_date__email event gives it, neither disabled nor
     * waiting for deletion, by id after `afterId`: the recipients of an announcement.
     */
    emailConsentersAfter(afterId: string, limit: number) {
      return emailConsenters()
        .select(['users.id', 'users.email'])
        .where('users.id', '>', afterId)
        .orderBy('users.id')
        .limit(limit)
        .execute();
    },
    /** How many accounts emailConsentersAfter would walk (an announcement's total). */
    async countEmailConsenters(): Promise<number> {
      const row = await emailConsenters()
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Every consent event of the user, oldest first. */
    listEvents(userId: string) {
      return db
        .selectFrom('consent_events')
        .select(['key', 'value', 'source', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('seq')
        .execute();
    },
    /** True when the latest event of `key` gives the consent. */
    hasConsent: latestValue,
    /**
     * Locks the user's consents until the transaction ends (see [Note: Consent events]).
     * False when the user does not exist.
     */
    /** Whether the account exists (an e-mail consent identifier may outlive it). */
    async userExists(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
    async lockUser(userId: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ email: eb.ref('email') }))
        .where('id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Appends an event. Run after lockUser in the same transaction. */
    async appendConsent(userId: string, key: string, value: boolean, source: string, at: number) {
      const last = await db
        .selectFrom('consent_events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db
        .insertInto('consent_events')
        .values({
          user_id: userId,
          seq: (last?.seq ?? 0) + 1,
          key,
          value: value ? 1 : 0,
          source,
          created_at: at,
        })
        .execute();
    },
    async insertEvents(rows: Insertable<UserStatisticsEventsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('user_statistics_events').values(rows).execute();
    },
    async insertClientStats(row: Insertable<ClientStatsTable>): Promise<void> {
      await db.insertInto('client_stats').values(row).execute();
    },
    /** Removes what help_us_improve allowed: usage events and client stats. */
    async deleteImprovementDataOf(userId: string): Promise<void> {
      await db.deleteFrom('user_statistics_events').where('user_id', '=', userId).execute();
      await db.deleteFrom('client_stats').where('user_id', '=', userId).execute();
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
