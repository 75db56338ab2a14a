import type { Kysely } from 'kysely';

/**
 * Resumable uploads whose bytes live in the blob store (issue #26): each PATCH's bytes are
 * one part, a blob of their own, named here, so that any node reaches them. The primary key
 * makes a second part at one offset impossible, whichever node writes it. Uploads of the
 * fs store keep one file in DATA_DIR/resumable and have no parts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resumable_parts')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('resumable_uploads.id').onDelete('cascade'))
    .addColumn('offset', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('store_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('resumable_parts_pk', ['upload_id', 'offset'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resumable_parts').execute();
}
