import type { Kysely } from 'kysely';

/**
 * Sunset deletion (issue #24, spec 001 §2 Sunset-deletion notice, §3 sunset_delete_date; see
 * [Note: Sunset deletion]): the date an inactive account will be deleted, how many of the
 * configured warnings went out for it, and the language of its last sign-in (for the
 * warnings; the server knew no user's language before).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sunset_delete_date', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('sunset_warnings', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
  await db.schema.alterTable('users').dropColumn('sunset_warnings').execute();
  await db.schema.alterTable('users').dropColumn('sunset_delete_date').execute();
}
