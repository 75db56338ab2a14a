import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An account as the operator's list shows it. */
export interface AccountRow {
  id: string;
  email: string;
  name: string;
  used_space: number;
  max_space: number | null;
  is_read_only: number;
  /** The two reasons behind is_read_only (0026): the operator's flag and billing's. */
  operator_read_only: number;
  billing_read_only: number;
  is_operator: number;
  /** The operator's limit (`trove quota`), null when none (issue #25). */
  space_override: number | null;
  disabled_at: number | null;
  file_count: number;
  created_at: number;
  last_seen_at: number | null;
}

/** The claim the first account makes (see [Note: Operators]). */
const FIRST_OPERATOR = 'first_operator';

/** `%` and `_` of a search match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns of an account row, with its file count and when it was last seen. */
function withAccountColumns(query: SelectQueryBuilder<Database, 'users', object>) {
  return query.select((eb) => [
    'users.id',
    'users.email',
    'users.name',
    'users.used_space',
    'users.max_space',
    'users.is_read_only',
    // Issue #25's operator area tells the two reasons for read-only apart.
    'users.operator_read_only',
    'users.billing_read_only',
    // Issue #25's operator area shows the operator's limit (`trove quota`).
    'users.space_override',
    'users.is_operator',
    'users.disabled_at',
    'users.created_at',
    eb(eb('users.picture_count', '+', eb.ref('users.video_count')), '+', eb.ref('users.document_count')).as(
      'file_count',
    ),
    eb
      .selectFrom('sessions')
      .select((s) => s.fn.max('sessions.last_used_at').as('m'))
      .whereRef('sessions.user_id', '=', 'users.id')
      .as('last_seen_at'),
  ]);
}

/** Queries of the operator's side: who is an operator, accounts, disabling. */
export function createOperatorRepository(db: Kysely<Database>) {
  return {
    async isOperator(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('is_operator')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.is_operator === 1;
    },

    /** Is the account read-only (spec 001 §6 is_read_only_user; account-policy.ts `subscription`)? */
    async isReadOnly(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('is_read_only')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.is_read_only === 1;
    },

    /**
     * Sets the operator's read-only flag; false when it already was so (nothing to record).
     * The account stays read-only while billing's flag is set (migration 0026).
     */
    async setReadOnly(userId: string, readOnly: boolean): Promise<boolean> {
      const flag = readOnly ? 1 : 0;
      const result = await db
        .updateTable('users')
        .set((eb) => ({
          operator_read_only: flag,
          is_read_only: flag === 1 ? 1 : eb.ref('billing_read_only'),
        }))
        .where('id', '=', userId)
        .where('operator_read_only', '!=', flag)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Makes `userId` the operator if no account claimed it before: the claim's primary key
     * lets exactly one of two racing sign-ups win. True when this one did.
     */
    async claimFirstOperator(userId: string, now: number): Promise<boolean> {
      const claimed = await db
        .insertInto('instance_claims')
        .values({ name: FIRST_OPERATOR, user_id: userId, claimed_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await db.updateTable('users').set({ is_operator: 1 }).where('id', '=', userId).execute();
      return true;
    },

    async setOperator(userId: string, isOperator: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ is_operator: isOperator ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    /** Disables (a time) or enables (null) an account; false when it was so already. */
    async setDisabled(userId: string, at: number | null): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ disabled_at: at })
        .where('id', '=', userId)
        .where('disabled_at', at === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** A page of accounts matching `q` (e-mail or name), newest first, and how many match. */
    async listAccounts(
      q: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: AccountRow[]; total: number }> {
      const search = q.trim();
      const matching = db
        .selectFrom('users')
        .$if(search !== '', (query) =>
          query.where((eb) =>
            eb.or([
              eb(sql`lower(users.email)`, 'like', sql`${likePattern(search)} escape '\\'`),
              eb(sql`lower(users.name)`, 'like', sql`${likePattern(search)} escape '\\'`),
            ]),
          ),
        );
      const rows = await withAccountColumns(matching)
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id')
        .offset(offset)
        .limit(limit)
        .execute();
      const count = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return { rows, total: count?.n ?? 0 };
    },

    findAccount(userId: string): Promise<AccountRow | undefined> {
      return withAccountColumns(db.selectFrom('users').where('users.id', '=', userId)).executeTakeFirst();
    },

    /** Bumps the auth epoch of every job the user owns: their visitors' grants and media URLs end. */
    async endVisitorAccessOf(ownerId: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({ auth_epoch: eb('auth_epoch', '+', 1) }))
        .where('owner_id', '=', ownerId)
        .execute();
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
