import type { Kysely } from 'kysely';

/*
 * Deleting an album for good (issue #13) takes one transaction per batch of its files. Once
 * the first batch went, the album must not come back half empty: `purge_started_at` marks
 * an album being deleted for good, which a restore refuses and the next purge finishes (see
 * `releaseAlbum`, [Note: Releasing storage]).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('purge_started_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('purge_started_at').execute();
}
