import type { Kysely } from 'kysely';

/**
 * Comments and loves on album files, and the guests who write them (issue #12, spec 000 §3
 * Comment and Reaction, §6). A comment or love belongs to a user or to a guest of one album;
 * they go with their file, album, user or guest.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_guests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // '' for a guest who continued without a name (spec 000 §6).
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_guests_job').on('job_guests').column('job_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    // Exactly one of user_id and guest_id names the author.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text', (c) => c.references('job_guests.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .execute();
  // A file's comments in order; an album's count.
  await db.schema
    .createIndex('comments_file')
    .on('comments')
    .columns(['job_id', 'file_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reactions')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    // 'u:<user id>' or 'g:<guest id>': one love per person and file (spec 000 §3 Reaction).
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text', (c) => c.references('job_guests.id').onDelete('cascade'))
    .addColumn('reaction', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['file_id', 'actor'])
    .execute();
  await db.schema.createIndex('reactions_job').on('reactions').columns(['job_id', 'file_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reactions').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('job_guests').execute();
}
