import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * Shared bytes (issue #11 §2): a participant's photo copied to another user's timeline
 * becomes that user's own blob row, counted against their storage, naming the same stored
 * bytes (no byte is copied). So a store key is no longer unique to one blob row; nothing may
 * delete stored bytes while any row still names their key (see [Note: Blob storage], fsck).
 *
 * PostgreSQL drops the unique constraint. SQLite cannot drop a column's UNIQUE: the table is
 * rebuilt as SQLite's ALTER TABLE guide says (foreign keys off, outside a transaction: the
 * migrator runs SQLite migrations without one), and the foreign keys checked before going on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await rebuildBlobs(db, false);
  } else {
    await sql`ALTER TABLE blobs DROP CONSTRAINT IF EXISTS blobs_store_key_key`.execute(db);
  }
  await db.schema.createIndex('blobs_store_key').on('blobs').column('store_key').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blobs_store_key').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await rebuildBlobs(db, true);
  } else {
    await sql`ALTER TABLE blobs ADD CONSTRAINT blobs_store_key_key UNIQUE (store_key)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildBlobs(db: Kysely<any>, uniqueKey: boolean): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await db.schema
        .createTable('blobs_next')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('store_key', 'text', (c) => (uniqueKey ? c.notNull().unique() : c.notNull()))
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha1', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO blobs_next (id, owner_id, store_key, size, sha1, sha256, created_at)
        SELECT id, owner_id, store_key, size, sha1, sha256, created_at FROM blobs`.execute(db);
      await db.schema.dropTable('blobs').execute();
      await db.schema.alterTable('blobs_next').renameTo('blobs').execute();
      await db.schema.createIndex('blobs_owner_sha1').on('blobs').columns(['owner_id', 'sha1']).execute();
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('blobs rebuild broke foreign keys');
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
