import type { Kysely } from 'kysely';

/**
 * Shared albums (issue #11, spec 000 §3, §6, §7): members of an album, an album's cover,
 * password and sort attribute, and each user's options (the album view mode).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_members')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1 while the user takes part; 0 once they left. The row stays so their files stay theirs.
    .addColumn('subscribed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_members_pk', ['job_id', 'user_id'])
    .execute();
  // "The albums I take part in" is read on every albums list.
  await db.schema.createIndex('job_members_user').on('job_members').columns(['user_id', 'job_id']).execute();

  await db.schema.alterTable('jobs').addColumn('cover_id', 'text').execute();
  // A slow hash of the album auth value (spec 000 §5), never the value itself.
  await db.schema.alterTable('jobs').addColumn('password_hash', 'text').execute();
  // Bumped when the password changes or the album stops being shared: every visitor grant
  // and visitor media URL names the epoch it was made in, so they all end at once.
  await db.schema
    .alterTable('jobs')
    .addColumn('auth_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('jobs').addColumn('sort_order', 'text').execute();

  await db.schema
    .createTable('user_options')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_options_pk', ['user_id', 'name'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_options').execute();
  for (const column of ['sort_order', 'auth_epoch', 'password_hash', 'cover_id']) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
  await db.schema.dropTable('job_members').execute();
}
