import type { Kysely } from 'kysely';

/*
 * Account deletion (issue #24, spec 001 §4 "Account deletion"; see [Note: Account deletion]):
 * - `users.deletion_requested_at`: set by the request; from then on the account signs in
 *   nowhere and its jobs open for nobody, until a restore clears it or the job removes it;
 * - `account_deletions`: one row per request, the staged job's progress (`stage`: the next
 *   stage to run), its last error for the operator, and the address and language the
 *   confirmation goes to. It has no foreign key: it outlives the account row, whose removal
 *   is the last stage but the confirmation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deletion_requested_at', 'bigint').execute();
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('work_item_id', 'text')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The operator lists the deletions not done; done ones stay as a trace without the address.
  await db.schema.createIndex('account_deletions_state').on('account_deletions').column('state').execute();
  // The job finds a leaving user's files, comments and loves in albums of others without
  // reading every row of those tables.
  await db.schema.createIndex('files_added_by').on('files').column('added_by').execute();
  await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();
  await db.schema.createIndex('reactions_user').on('reactions').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['reactions_user', 'comments_user', 'files_added_by'])
    await db.schema.dropIndex(index).execute();
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('users').dropColumn('deletion_requested_at').execute();
}
