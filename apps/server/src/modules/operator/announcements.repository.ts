import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AnnouncementsTable, Database } from '../../db/schema.ts';

export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** Announcements, their progress and who of their recipients was reached (migration 0023). */
export function createAnnouncementsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<AnnouncementsTable>): Promise<void> {
      await db.insertInto('announcements').values(row).execute();
    },

    find(id: string): Promise<AnnouncementRow | undefined> {
      return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The newest `limit` announcements. */
    list(limit: number): Promise<AnnouncementRow[]> {
      return db
        .selectFrom('announcements')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Of `userIds`, those already recorded for the announcement (reached or being reached). */
    async recorded(announcementId: string, userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('announcement_recipients')
        .select('user_id')
        .where('announcement_id', '=', announcementId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    /**
     * Records that the message to `userId` is about to go. False when a row was there: another
     * run (a retry, the command line next to a worker) took that recipient, who is left alone.
     */
    async claim(announcementId: string, userId: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('announcement_recipients')
        .values({ announcement_id: announcementId, user_id: userId, state: 'sending', at })
        .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** The outcome of one claimed recipient, counted on the announcement. */
    async settle(announcementId: string, userId: string, outcome: 'sent' | 'failed', at: number) {
      const result = await db
        .updateTable('announcement_recipients')
        .set({ state: outcome, at })
        .where('announcement_id', '=', announcementId)
        .where('user_id', '=', userId)
        .where('state', '=', 'sending')
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return;
      await db
        .updateTable('announcements')
        .set((eb) => (outcome === 'sent' ? { sent: eb('sent', '+', 1) } : { failed: eb('failed', '+', 1) }))
        .where('id', '=', announcementId)
        .execute();
    },

    /**
     * Recipients claimed before `before` and never settled: a run crashed between claiming and
     * recording. Whether their message went is unknown, so they are counted failed rather than
     * mailed again.
     */
    async abandon(announcementId: string, before: number, at: number): Promise<number> {
      const result = await db
        .updateTable('announcement_recipients')
        .set({ state: 'failed', at })
        .where('announcement_id', '=', announcementId)
        .where('state', '=', 'sending')
        .where('at', '<', before)
        .executeTakeFirst();
      const n = Number(result.numUpdatedRows);
      if (n > 0)
        await db
          .updateTable('announcements')
          .set((eb) => ({ failed: eb('failed', '+', n) }))
          .where('id', '=', announcementId)
          .execute();
      return n;
    },

    /** Recipients still in flight (claimed by a run that may be alive). */
    async inFlight(announcementId: string): Promise<number> {
      const row = await db
        .selectFrom('announcement_recipients')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('announcement_id', '=', announcementId)
        .where('state', '=', 'sending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async finish(id: string, at: number): Promise<void> {
      await db
        .updateTable('announcements')
        .set({ state: 'done', finished_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
