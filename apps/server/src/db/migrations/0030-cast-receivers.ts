import type { Kysely } from 'kysely';

/**
 * Cast receivers (issue #27, [Note: Casting]): a TV's receiver page, its pairing code while
 * unused, and once paired the sender's account, session and what it casts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cast_receivers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.unique())
    .addColumn('code_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('media_scope', 'text')
    .addColumn('paired_at', 'bigint')
    .addColumn('sender_seen_at', 'bigint')
    .addColumn('job_id', 'text')
    .addColumn('file_ids', 'text')
    .addColumn('item_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autoplay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('serial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reported_at', 'bigint')
    .execute();
  await db.schema.createIndex('cast_receivers_user').on('cast_receivers').column('user_id').execute();
  await db.schema.createIndex('cast_receivers_created').on('cast_receivers').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cast_receivers').execute();
}
