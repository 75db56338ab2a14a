import type { Kysely } from 'kysely';

/**
 * Operator announcements as queued work (issue #24): the announcement row is written with its
 * audit row and its work item, and each recipient is recorded before the message goes, so a
 * retried or crashed send never mails anyone twice (see announcements.job.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('announcements_created_at').on('announcements').column('created_at').execute();
  await db.schema
    .createTable('announcement_recipients')
    .addColumn('announcement_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_recipients_pk', ['announcement_id', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_recipients').execute();
  await db.schema.dropTable('announcements').execute();
}
