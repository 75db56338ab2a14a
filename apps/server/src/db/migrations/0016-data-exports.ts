import { sql, type Kysely } from 'kysely';

/**
 * Data exports (issue #24, spec 001 §4 "Data access", §7 request_data_access; see [Note:
 * Data export]): each request of an account's data, and its frozen manifest, one row per zip
 * entry in order with the offsets of its headers, so the same bytes stream on every request
 * and a Range resume reads only from its first entry on. Nothing goes into the blob store or
 * the user's storage: the JSON documents are rows here, the files name their stored bytes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The request: the cooldown runs from here (spec 001 §4).
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The manifest is whole; null while it is being made.
    .addColumn('ready_at', 'bigint')
    // The last sign of life of the request making it: a crashed one is taken over.
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Downloadable (and resumable) until then.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('directory_offset', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('directory_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // JSON: the files left out, each with why (manifest.json lists them).
    .addColumn('omitted', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('data_exports_user')
    .on('data_exports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('data_exports_expiry').on('data_exports').column('expires_at').execute();
  // One export in the making per account: two tabs asking at once make one.
  await db.schema
    .createIndex('data_exports_one_preparing')
    .on('data_exports')
    .column('user_id')
    .unique()
    .where(sql.ref('ready_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('data_export_entries')
    .addColumn('export_id', 'text', (c) => c.notNull().references('data_exports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('crc32', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('mtime', 'bigint', (c) => c.notNull())
    // Where the entry's local header starts in the zip, and its header in the central directory.
    .addColumn('offset', 'bigint', (c) => c.notNull())
    .addColumn('dir_offset', 'bigint', (c) => c.notNull())
    // Stored bytes (a blob's store key, or its place-stripped view), or null: `body` holds it.
    .addColumn('source', 'text')
    // A JSON document made when the export was requested, as UTF-8 text.
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('data_export_entries_pk', ['export_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('data_export_entries_offset')
    .on('data_export_entries')
    .columns(['export_id', 'offset'])
    .execute();
  await db.schema
    .createIndex('data_export_entries_dir_offset')
    .on('data_export_entries')
    .columns(['export_id', 'dir_offset'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_export_entries').execute();
  await db.schema.dropTable('data_exports').execute();
}
