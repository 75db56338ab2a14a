import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountDeletionsTable, Database } from '../../db/schema.ts';

export type DeletionRow = Selectable<AccountDeletionsTable>;

/** A deletion the operator may still act on or should look at: not done. */
export type OpenDeletion = DeletionRow & { name: string | null };

/**
 * Queries of account deletion (issue #24, see [Note: Account deletion]): the request's
 * revocations and the progress of the staged job. The stages' own queries are in
 * `leaving.repository.ts`. Never throws HTTP errors.
 */
export function createDeletionRepository(db: Kysely<Database>) {
  return {
    /**
     * Marks the account as leaving; false when it already was (a second request racing the
     * first) or is gone. Its sessions, jobs and shares are closed by the caller, in the
     * same transaction.
     */
    async markLeaving(userId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ deletion_requested_at: at })
        .where('id', '=', userId)
        .where('deletion_requested_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Stops the user's live shares (their links); answers their ids. */
    async stopSharesOf(userId: string, at: number): Promise<string[]> {
      const rows = await db
        .updateTable('jobs')
        .set({ deleted_at: at, updated_at: at })
        .where('owner_id', '=', userId)
        .where('type', '=', 'share')
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Stops the live shares others made from the user's albums ([Note: Derived shares]):
     * they share no more than their makers may see, and the albums close. Answers their ids.
     */
    async stopSharesFromJobsOf(userId: string, at: number): Promise<string[]> {
      const rows = await db
        .updateTable('jobs')
        .set({ deleted_at: at, updated_at: at })
        .where('type', '=', 'share')
        .where('deleted_at', 'is', null)
        .where('source_job_id', 'in', (eb) =>
          eb.selectFrom('jobs').select('id').where('owner_id', '=', userId),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Bumps the epoch of every job the user owns: every visitor grant, guest token and
     * non-owner media URL of them ends at once (see [Note: Visitors]).
     */
    async bumpEpochsOf(userId: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({ auth_epoch: eb('auth_epoch', '+', 1) }))
        .where('owner_id', '=', userId)
        .execute();
    },

    /** Records the request; a row that exists already (a racing request) is kept. */
    async insert(row: Insertable<AccountDeletionsTable>): Promise<void> {
      await db
        .insertInto('account_deletions')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    find(userId: string): Promise<DeletionRow | undefined> {
      return db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * Starts (or resumes) the job: a scheduled, running or failed deletion that is due
     * becomes running. Undefined when there is nothing to run: restored meanwhile, done, or
     * not due (a restore and a start racing: one conditional write each, one wins).
     */
    async start(userId: string, now: number): Promise<DeletionRow | undefined> {
      const result = await db
        .updateTable('account_deletions')
        .set({ state: 'running', updated_at: now })
        .where('user_id', '=', userId)
        .where('state', 'in', ['scheduled', 'running', 'failed'])
        .where('due_at', '<=', now)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return undefined;
      return db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Records that `stage` is the next to run: the ones before it are done. */
    async advance(userId: string, stage: string, now: number): Promise<void> {
      await db
        .updateTable('account_deletions')
        .set({ stage, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Records a failed attempt and its error, for the operator. */
    async recordFailure(userId: string, error: string, now: number): Promise<void> {
      await db
        .updateTable('account_deletions')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, 2000),
          updated_at: now,
        }))
        .where('user_id', '=', userId)
        .execute();
    },

    /** The work item gave up: failed until it is queued again (fsck, or a retry). */
    async markFailed(userId: string, now: number): Promise<void> {
      await db
        .updateTable('account_deletions')
        .set({ state: 'failed', updated_at: now })
        .where('user_id', '=', userId)
        .where('state', '!=', 'done')
        .execute();
    },

    /** Done: the confirmation went out; the address is forgotten, the trace stays. */
    async finish(userId: string, now: number): Promise<void> {
      await db
        .updateTable('account_deletions')
        .set({ state: 'done', stage: 'done', email: '', last_error: null, updated_at: now, finished_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Takes back a deletion that has not started; answers its work item, or undefined when
     * there is none to take back (never requested, started, done). The account opens again.
     */
    async restore(userId: string): Promise<{ work_item_id: string | null } | undefined> {
      const row = await db
        .deleteFrom('account_deletions')
        .where('user_id', '=', userId)
        .where('state', '=', 'scheduled')
        .returning('work_item_id')
        .executeTakeFirst();
      if (!row) return undefined;
      await db.updateTable('users').set({ deletion_requested_at: null }).where('id', '=', userId).execute();
      return row;
    },

    /** Deletions not done, the oldest request first, with the account's name while it exists. */
    listOpen(): Promise<OpenDeletion[]> {
      return db
        .selectFrom('account_deletions as d')
        .leftJoin('users as u', 'u.id', 'd.user_id')
        .selectAll('d')
        .select('u.name')
        .where('d.state', '!=', 'done')
        .orderBy('d.requested_at')
        .execute();
    },

    /** A page of the deletions not done, the oldest request first, and how many there are. */
    async pageOpen(offset: number, limit: number): Promise<{ rows: OpenDeletion[]; total: number }> {
      const rows = await db
        .selectFrom('account_deletions as d')
        .leftJoin('users as u', 'u.id', 'd.user_id')
        .selectAll('d')
        .select('u.name')
        .where('d.state', '!=', 'done')
        .orderBy('d.requested_at')
        .orderBy('d.user_id')
        .offset(offset)
        .limit(limit)
        .execute();
      const { n } = await db
        .selectFrom('account_deletions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '!=', 'done')
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    /**
     * A failed deletion queued again by the operator: running from now on, its attempts
     * counted afresh; false when it is not failed (done meanwhile, or retried already).
     */
    async markRetried(userId: string, workItemId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('account_deletions')
        .set({ state: 'running', work_item_id: workItemId, attempts: 0, updated_at: now })
        .where('user_id', '=', userId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The open deletion of a user named by id or by the address given at request time. */
    findOpen(userIdOrEmail: string): Promise<DeletionRow | undefined> {
      return db
        .selectFrom('account_deletions')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userIdOrEmail), eb('email', '=', userIdOrEmail)]))
        .where('state', '!=', 'done')
        .executeTakeFirst();
    },
  };
}
export type DeletionRepository = ReturnType<typeof createDeletionRepository>;
