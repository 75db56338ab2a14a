import type { Kysely } from 'kysely';

/**
 * Shares by link (issue #15, spec 000 §3 Share, §9 "Share link lifetime 30 days"): a share is
 * a job of type `share`; it stops opening at `expires_at`. Albums and timelines have none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('expires_at', 'bigint').execute();
  // The purge finds shares past their time without reading every job.
  await db.schema.createIndex('jobs_type_expiry').on('jobs').columns(['type', 'expires_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_type_expiry').execute();
  await db.schema.alterTable('jobs').dropColumn('expires_at').execute();
}
