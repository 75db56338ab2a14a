import type { Kysely } from 'kysely';

/** Resumable uploads (tus 1.0) in progress: their target, declared length and durable offset. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('offset', 'bigint', (c) => c.notNull())
    // The upload fields (path, mtime, policy, checksum, group) as JSON.
    .addColumn('fields', 'text', (c) => c.notNull())
    // The answer once complete (UploadResult JSON), so a repeated final PATCH gets it again.
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resumable_uploads_updated')
    .on('resumable_uploads')
    .column('updated_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
}
