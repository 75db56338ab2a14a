import type { Kysely } from 'kysely';

/**
 * Each process reads the sessions ended in the last hours every minute (see [Note: Media
 * URLs]); without an index that read would scan every session ever made.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_revoked_at').on('sessions').column('revoked_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_revoked_at').execute();
}
