import { sql, type Kysely, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An account that sunset deletion marked, with what its warnings need. */
export interface MarkedAccount {
  id: string;
  email: string;
  locale: string | null;
  sunset_delete_date: number;
  sunset_warnings: number;
}

/**
 * When the account was last used: its newest session's last use (sign-ins create sessions,
 * calls touch them, see sessions.service.ts), else when it was made. Sessions are never
 * newer-than-the-account-less, so no GREATEST (which SQLite spells differently) is needed.
 */
const lastActivity = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('sessions')
      .select((s) => s.fn.max('sessions.last_used_at').as('m'))
      .whereRef('sessions.user_id', '=', 'users.id'),
    eb.ref('users.created_at'),
  );

/**
 * Accounts sunset deletion never dates, warns or deletes, even when marked before they
 * became so: operators, and disabled accounts (the operator's to decide).
 */
const leftAlone = (eb: ExpressionBuilder<Database, 'users'>) => [
  eb('disabled_at', 'is not', null),
  eb('is_operator', '!=', 0),
];

/**
 * Queries of sunset deletion ([Note: Sunset deletion]). Every write is conditional on what
 * was read, so two workers sweeping at once do each thing once.
 */
export function createSunsetRepository(db: Kysely<Database>) {
  return {
    /** A sign-in: the account is in use, its date (if any) goes; its language is remembered. */
    async signedIn(userId: string, locale: string | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ sunset_delete_date: null, sunset_warnings: 0, ...(locale === null ? {} : { locale }) })
        .where('id', '=', userId)
        .execute();
    },

    /** Accounts used after `cutoff` lose their date (a session used without a new sign-in). */
    async clearActiveSince(cutoff: number): Promise<number> {
      const result = await db
        .updateTable('users')
        .set({ sunset_delete_date: null, sunset_warnings: 0 })
        .where('sunset_delete_date', 'is not', null)
        .where('deletion_requested_at', 'is', null)
        .where((eb) => eb.or([eb(lastActivity(eb), '>', cutoff), ...leftAlone(eb)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Gives a date to every open, non-operator account unused since `usedBefore`: its last
     * use plus `periodMs`, but never sooner than `earliest` (so that every warning can go).
     */
    async mark(usedBefore: number, periodMs: number, earliest: number): Promise<number> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({
          sunset_delete_date: eb
            .case()
            .when(sql<number>`${lastActivity(eb)} + ${periodMs}`, '<', earliest)
            .then(earliest)
            .else(sql<number>`${lastActivity(eb)} + ${periodMs}`)
            .end(),
          sunset_warnings: 0,
        }))
        .where('sunset_delete_date', 'is', null)
        .where('deletion_requested_at', 'is', null)
        .where('disabled_at', 'is', null)
        .where('is_operator', '=', 0)
        .where((eb) => eb(lastActivity(eb), '<=', usedBefore))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Marked accounts, still open, with a date up to `dateUpTo`, in (date, id) order after
     * `after` (a page's last): a keyset, so accounts leaving meanwhile shift nothing.
     */
    listMarked(
      dateUpTo: number,
      after: { date: number; id: string } | undefined,
      limit: number,
    ): Promise<MarkedAccount[]> {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'locale', 'sunset_delete_date', 'sunset_warnings'])
        .where('sunset_delete_date', 'is not', null)
        .where('sunset_delete_date', '<=', dateUpTo)
        .where('deletion_requested_at', 'is', null)
        .where('disabled_at', 'is', null)
        .where('is_operator', '=', 0)
        .$if(after !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              eb('sunset_delete_date', '>', after?.date ?? 0),
              eb.and([eb('sunset_delete_date', '=', after?.date ?? 0), eb('id', '>', after?.id ?? '')]),
            ]),
          ),
        )
        .orderBy('sunset_delete_date')
        .orderBy('id')
        .limit(limit)
        .$narrowType<{ sunset_delete_date: number }>()
        .execute();
    },

    /**
     * Whether the account is still due for deletion now, asked in the deletion's own
     * transaction (the sweep's page may be minutes old): the same date, reached, still open,
     * not disabled, no operator, and not used after `usedBefore`. A no-op UPDATE, so that
     * the row stays locked until the deletion commits.
     */
    async stillDue(userId: string, date: number, t: number, usedBefore: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ sunset_warnings: eb.ref('sunset_warnings') }))
        .where('id', '=', userId)
        .where('sunset_delete_date', '=', date)
        .where('sunset_delete_date', '<=', t)
        .where('deletion_requested_at', 'is', null)
        .where('disabled_at', 'is', null)
        .where('is_operator', '=', 0)
        .where((eb) => eb(lastActivity(eb), '<=', usedBefore))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Claims a warning: the (date, count) goes from `from` to `to`. False when another sweep
     * claimed it, or a sign-in cleared the date meanwhile.
     */
    async claimWarning(
      userId: string,
      from: { date: number; warnings: number },
      to: { date: number; warnings: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ sunset_delete_date: to.date, sunset_warnings: to.warnings })
        .where('id', '=', userId)
        .where('sunset_delete_date', '=', from.date)
        .where('sunset_warnings', '=', from.warnings)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
export type SunsetRepository = ReturnType<typeof createSunsetRepository>;
