import type { Kysely, Selectable } from 'kysely';
import { maxSpaceBytes } from '@trove/contract';
import type { Database, GrantsTable } from '../../db/schema.ts';

export type GrantRow = Selectable<GrantsTable>;

/**
 * Storage grants (issue #25, spec 001 §3). Every write here ends with `recomputeMaxSpace` on
 * the same executor, so a caller that runs it inside a transaction changes the grant and
 * users.max_space together: no reader ever sees one without the other.
 */
export function createGrantsRepository(db: Kysely<Database>) {
  /** Live at `now`: not ended, and without an expiry or one still ahead. */
  const live = (userId: string, now: number) =>
    db
      .selectFrom('grants')
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

  const repo = {
    async listLive(userId: string, now: number): Promise<GrantRow[]> {
      return live(userId, now).selectAll().orderBy('created_at').orderBy('id').execute();
    },

    /** Every grant the account ever had, ended ones too (the data export's history). */
    async listAll(userId: string): Promise<GrantRow[]> {
      return db
        .selectFrom('grants')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async find(id: string): Promise<GrantRow | undefined> {
      return db.selectFrom('grants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * users.max_space from the operator's limit, else base + live grants; null (the base
     * quota, read from the configuration) when neither applies, as before grants existed.
     */
    async recomputeMaxSpace(userId: string, baseQuotaBytes: number, now: number): Promise<number | null> {
      const user = await db
        .selectFrom('users')
        .select('space_override')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return null;
      const sizes = (await live(userId, now).select('size_bytes').execute()).map((g) => g.size_bytes);
      const override = user.space_override;
      const max =
        override === null && sizes.length === 0 ? null : maxSpaceBytes(baseQuotaBytes, sizes, override);
      await db.updateTable('users').set({ max_space: max }).where('id', '=', userId).execute();
      return max;
    },

    async insert(row: GrantRow, baseQuotaBytes: number): Promise<void> {
      await db.insertInto('grants').values(row).execute();
      await repo.recomputeMaxSpace(row.user_id, baseQuotaBytes, row.created_at);
    },

    /** Ends a live grant; undefined when there is no live grant by that id. */
    async end(id: string, baseQuotaBytes: number, now: number): Promise<GrantRow | undefined> {
      const ended = await db
        .updateTable('grants')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (ended) await repo.recomputeMaxSpace(ended.user_id, baseQuotaBytes, now);
      return ended;
    },

    /** The operator's limit (`trove quota`); null removes it. */
    async setOverride(userId: string, bytes: number | null, baseQuotaBytes: number, now: number) {
      await db.updateTable('users').set({ space_override: bytes }).where('id', '=', userId).execute();
      return repo.recomputeMaxSpace(userId, baseQuotaBytes, now);
    },

    /** Users whose max_space still counts a grant that has expired by `now` (for the sweep). */
    async usersWithExpiredGrants(now: number): Promise<string[]> {
      const rows = await db
        .selectFrom('grants')
        .select('user_id')
        .distinct()
        .where('ended_at', 'is', null)
        .where('expires_at', '<=', now)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Marks expired grants ended (at their expiry) so the sweep handles each once. */
    async closeExpired(userId: string, now: number): Promise<void> {
      await db
        .updateTable('grants')
        .set((eb) => ({ ended_at: eb.ref('expires_at') }))
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('expires_at', '<=', now)
        .execute();
    },
  };
  return repo;
}
export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
