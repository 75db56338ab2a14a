import type { Kysely } from 'kysely';

/**
 * Secrets the server makes for itself and every node must share (issue #26; see
 * [Note: Server secret]): the signing key of media URLs, device cookies and unsubscribe
 * identifiers, once kept in each node's DATA_DIR. The primary key is what makes the first
 * start race-free: every node inserts its candidate if none is there, then reads the one
 * that won. `value` is base64; `source` says whether it was generated or adopted from a
 * DATA_DIR key file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
