import type { Kysely } from 'kysely';

/**
 * Backup holds (issue #26, [Note: Backup hold]): while a row here has not expired, no process
 * deletes stored bytes, so a `trove backup` copying the blobs its database snapshot names finds
 * every one of them. A backup renews its row while it runs; one that crashed stops renewing,
 * and its hold lapses by itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Who holds it (host and process id), for the operator's eyes only. */
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_holds').execute();
}
