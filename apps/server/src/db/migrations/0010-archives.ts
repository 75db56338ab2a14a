import type { Kysely } from 'kysely';

/**
 * Zip downloads (issue #14, see [Note: Zip layout]): the CRC-32 of each blob and rendition,
 * computed once (by the media worker, or on first download) so an archive's every byte is
 * known before it streams; and the archives prepared for download, which a signed URL names
 * (a list of 500 file ids does not fit a URL) for as long as the URL is valid.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blobs').addColumn('crc32', 'bigint').execute();
  await db.schema.alterTable('derivatives').addColumn('crc32', 'bigint').execute();
  await db.schema
    .createTable('archives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The timeline or album the files are in; null for the trash, which spans jobs.
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('cascade'))
    // Who prepared it: null for a visitor without an account.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    // JSON: the file ids in the order asked, and the options of spec 000 §7.
    .addColumn('file_ids', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archives_expiry').on('archives').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('archives').execute();
  await db.schema.alterTable('derivatives').dropColumn('crc32').execute();
  await db.schema.alterTable('blobs').dropColumn('crc32').execute();
}
