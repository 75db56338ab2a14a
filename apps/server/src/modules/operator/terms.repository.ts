import type { Kysely, Selectable } from 'kysely';
import type { Database, TosVersionsTable } from '../../db/schema.ts';

export type TosVersionRow = Selectable<TosVersionsTable>;

/** Versions of the terms of service and who accepted which (spec 001 §4 Terms). */
export function createTermsRepository(db: Kysely<Database>) {
  return {
    /**
     * Publishes a version after the latest. Two racing publishes compute the same `seq`; its
     * unique index refuses the second, which the caller reports as a conflict.
     */
    async publish(version: string, texts: string, at: number): Promise<void> {
      const last = await db
        .selectFrom('tos_versions')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      await db
        .insertInto('tos_versions')
        .values({ version, texts, published_at: at, seq: (last?.seq ?? 0) + 1 })
        .execute();
    },

    find(version: string): Promise<TosVersionRow | undefined> {
      return db.selectFrom('tos_versions').selectAll().where('version', '=', version).executeTakeFirst();
    },

    latest(): Promise<TosVersionRow | undefined> {
      return db.selectFrom('tos_versions').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
    },

    /** The latest version when `userId` has not accepted it; undefined otherwise or when none. */
    async latestUnaccepted(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('tos_versions as v')
        .leftJoin('tos_acceptances as a', (join) =>
          join.onRef('a.version', '=', 'v.version').on('a.user_id', '=', userId),
        )
        .select(['v.version', 'a.accepted_at'])
        .orderBy('v.seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && row.accepted_at === null ? row.version : undefined;
    },

    /** Records the acceptance; accepting twice keeps the first time. */
    async accept(userId: string, version: string, at: number): Promise<void> {
      await db
        .insertInto('tos_acceptances')
        .values({ user_id: userId, version, accepted_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
        .execute();
    },

    /** Every version, latest first, with how many accounts accepted it. */
    async listWithCounts(): Promise<(TosVersionRow & { accepted: number })[]> {
      const rows = await db
        .selectFrom('tos_versions as v')
        .selectAll('v')
        .select((eb) =>
          eb
            .selectFrom('tos_acceptances as a')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('a.version', '=', 'v.version')
            .as('accepted'),
        )
        .orderBy('v.seq', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, accepted: row.accepted ?? 0 }));
    },
  };
}
export type TermsRepository = ReturnType<typeof createTermsRepository>;
